import { zodValidator } from "@medusajs/framework"
import { AdminListCheckoutsQuery } from "../paylink/validators"
import {
  AdminListBenefitRulesQuery,
  AdminListRedemptionsQuery,
} from "../benefits/validators"
import { parseIsoDate } from "../list-params"

/** What Medusa's validateAndTransformQuery does with a parsed query string. */
const check = (schema: any, query: Record<string, unknown>) =>
  zodValidator(schema, query)
const refusal = async (schema: any, query: Record<string, unknown>) =>
  (
    await check(schema, query).then(
      () => null,
      (e: Error) => e
    )
  )?.message ?? "(accepted)"

describe("admin list parameters", () => {
  it.each([
    [{ limit: "-1" }, "limit must be a whole number from 0 to 1000"],
    [{ limit: "2.5" }, "limit must be a whole number from 0 to 1000"],
    [{ limit: "1001" }, "limit must be a whole number from 0 to 1000"],
    [{ limit: ["1", "2"] }, "limit must be a whole number"],
    [{ offset: "-5" }, "offset must be a whole number from 0 to 2147483647"],
    [{ offset: "99999999999999999999" }, "offset must be a whole number"],
    [
      { number: "99999999999" },
      "number must be a whole number from 1 to 2147483647",
    ],
    [
      { origin: ["order", "nope"] },
      "origin must be one of: storefront, order, draft_order (or several of them)",
    ],
    [
      { created_at: { $gte: "notadate" } },
      "created_at[$gte] must be an ISO 8601 date or time on the calendar",
    ],
    [
      { created_at: { $lte: "2026-13-45" } },
      "created_at[$lte] must be an ISO 8601 date or time on the calendar",
    ],
    [
      { created_at: { $lte: "2026-02-30" } },
      "created_at[$lte] must be an ISO 8601",
    ],
    [
      { created_at: { $lte: "2026-02-03T24:00:00Z" } },
      "created_at[$lte] must be an ISO 8601",
    ],
    [
      { created_at: "yesterday" },
      "created_at must be a date range such as created_at[$gte]=2026-05-01",
    ],
    [
      { created_at: { $like: "2026%" } },
      "created_at[$like] is not accepted: use $gte, $gt, $lte, $lt",
    ],
  ])("refuses %j naming the parameter", async (query, message) => {
    const text = await refusal(AdminListCheckoutsQuery, query)
    expect(text).toContain(message)
    expect(text).not.toMatch(/y{61}/)
  })

  it("names the accepted values of a 5,000-character status, and quotes none of it", async () => {
    const text = await refusal(AdminListCheckoutsQuery, {
      status: "y".repeat(5000),
    })
    expect(text).toContain("status must be one of: created,")
    expect(text).not.toContain("yy")
  })

  it("takes a page and a range as the admin sends them, the range as Dates", async () => {
    const parsed: any = await check(AdminListCheckoutsQuery, {
      limit: "5",
      offset: "10",
      number: "42",
      origin: ["order", "draft_order"],
      created_at: { $gte: "2026-05-01T06:00:00.000Z", $lte: "2026-05-31" },
    })
    expect(parsed).toMatchObject({
      limit: 5,
      offset: 10,
      number: 42,
      origin: ["order", "draft_order"],
    })
    expect(parsed.created_at.$gte.toISOString()).toBe(
      "2026-05-01T06:00:00.000Z"
    )
    expect(parsed.created_at.$lte.toISOString()).toBe(
      "2026-05-31T00:00:00.000Z"
    )
    expect(await check(AdminListCheckoutsQuery, {})).toMatchObject({
      limit: 20,
      offset: 0,
    })
    expect(
      await check(AdminListBenefitRulesQuery, { active: "true" })
    ).toMatchObject({ limit: 50, offset: 0, active: true })
  })

  it("applies the same rules to the redemptions and the rules", async () => {
    expect(await refusal(AdminListRedemptionsQuery, { limit: "-1" })).toContain(
      "limit must be"
    )
    expect(
      await refusal(AdminListRedemptionsQuery, {
        created_at: { $gte: "notadate" },
      })
    ).toContain("created_at[$gte]")
    expect(
      await refusal(AdminListBenefitRulesQuery, { offset: "-5" })
    ).toContain("offset must be")
    expect(
      await refusal(AdminListBenefitRulesQuery, { active: "yes" })
    ).toContain("active must be true or false")
  })

  it.each([
    "2026-05-31",
    "2024-02-29",
    "2026-05-31T18:00:00Z",
    "2026-05-31T18:00:00.123456-06:00",
    "2026-05-31 18:00",
  ])("reads %s as a date", (value) =>
    expect(parseIsoDate(value)).toBeInstanceOf(Date)
  )

  it.each([
    "2026-13-01",
    "2025-02-29",
    "2026-5-31",
    "31/05/2026",
    "2026-05-31T18:60:00Z",
    "",
    "2026-05-31T18:00:00+2",
  ])("refuses %p", (value) => expect(parseIsoDate(value)).toBeNull())
})
