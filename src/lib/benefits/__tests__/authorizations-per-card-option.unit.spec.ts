import { parsePluginOptions } from "../../boot/plugin-options"

const base = { secret: "s".repeat(32) }

describe("plugin options benefitAuthorizationsPerCard and benefitCardWindowHours", () => {
  it("default to 3 unused authorizations per card in 24 hours", () => {
    const options = parsePluginOptions(base)
    expect(options.benefitAuthorizationsPerCard).toBe(3)
    expect(options.benefitCardWindowHours).toBe(24)
  })

  it("accept 1 to 100 authorizations and 1 to 720 hours", () => {
    expect(
      parsePluginOptions({ ...base, benefitAuthorizationsPerCard: 1 })
        .benefitAuthorizationsPerCard
    ).toBe(1)
    expect(
      parsePluginOptions({ ...base, benefitAuthorizationsPerCard: 100 })
        .benefitAuthorizationsPerCard
    ).toBe(100)
    expect(
      parsePluginOptions({ ...base, benefitCardWindowHours: 1 })
        .benefitCardWindowHours
    ).toBe(1)
    expect(
      parsePluginOptions({ ...base, benefitCardWindowHours: 720 })
        .benefitCardWindowHours
    ).toBe(720)
  })

  it.each([0, 101, 2.5, "3"])(
    "refuse benefitAuthorizationsPerCard %p, naming the option",
    (value) => {
      expect(() =>
        parsePluginOptions({ ...base, benefitAuthorizationsPerCard: value })
      ).toThrow(
        "benefitAuthorizationsPerCard must be a whole number from 1 to 100"
      )
    }
  )

  it.each([0, 721, 1.5, "24"])(
    "refuse benefitCardWindowHours %p, naming the option",
    (value) => {
      expect(() =>
        parsePluginOptions({ ...base, benefitCardWindowHours: value })
      ).toThrow("benefitCardWindowHours must be a whole number from 1 to 720")
    }
  )
})
