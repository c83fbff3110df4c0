import { computeDiscountCents } from "../discount"
import { normalizeCard } from "../card"
import { benefitStateOf } from "../state"
import { SecretBox } from "../../credentials/secret-box"

describe("computeDiscountCents", () => {
  it("takes a percentage of the total, rounded half up to the cent", () => {
    expect(
      computeDiscountCents({ kind: "percentage", value: 10 }, 20_000n)
    ).toBe(2_000n)
    expect(
      computeDiscountCents({ kind: "percentage", value: 12.5 }, 999n)
    ).toBe(125n) // 124.875
    expect(
      computeDiscountCents({ kind: "percentage", value: 33.33 }, 10_001n)
    ).toBe(3_333n) // 3333.3333
  })

  it("applies the cap, and does not clip to the total (decideDiscount refuses instead)", () => {
    expect(
      computeDiscountCents(
        { kind: "percentage", value: 50, capCents: 5_000n },
        100_000n
      )
    ).toBe(5_000n)
    expect(computeDiscountCents({ kind: "fixed", value: 2_500n }, 1_000n)).toBe(
      2_500n
    )
    expect(
      computeDiscountCents(
        { kind: "fixed", value: 2_500n, capCents: 2_000n },
        10_000n
      )
    ).toBe(2_000n)
  })
})

describe("cards", () => {
  it.each([
    ["6011 0000 1234 5678", "6011000012345678"],
    ["6011-0000-1234", "601100001234"],
    ["12345678", "12345678"],
  ])("accepts %s", (input, digits) => {
    expect(normalizeCard(input)).toBe(digits)
  })

  it.each([
    "1234567",
    "12345678901234567890",
    "6011 ABCD 1234",
    "",
    "+60110000123",
  ])("refuses %p", (input) => {
    expect(normalizeCard(input)).toBeNull()
  })
})

describe("benefitStateOf", () => {
  const redemption = {
    discount: "20",
    total: "200",
    promotion_code: "LOYALTY-1",
  }
  it("is current when the cart shows exactly the authorized discount", () => {
    expect(
      benefitStateOf(
        { total: 180, promotions: [{ code: "LOYALTY-1" }] },
        redemption
      )
    ).toBe("current")
  })
  it("is stale when the total moved", () => {
    expect(
      benefitStateOf(
        { total: 280, promotions: [{ code: "LOYALTY-1" }] },
        redemption
      )
    ).toBe("stale")
  })
  it("is removed when the promotion is no longer on the cart", () => {
    expect(
      benefitStateOf(
        { total: 200, promotions: [{ code: "OTHER" }] },
        redemption
      )
    ).toBe("removed")
  })
})

describe("SecretBox", () => {
  const hexKey = "00".repeat(31) + "01"
  it("seals and opens, with a fresh IV each time", () => {
    const box = SecretBox.fromOption(hexKey)!
    const a = box.seal("s3cret")
    expect(a).toMatch(/^v1:/)
    expect(a).not.toContain("s3cret")
    expect(box.seal("s3cret")).not.toBe(a)
    expect(box.open(a)).toBe("s3cret")
  })

  it("accepts a base64 key and refuses a short one", () => {
    expect(
      SecretBox.fromOption(Buffer.alloc(32, 7).toString("base64"))
    ).not.toBeNull()
    expect(() => SecretBox.fromOption("abcd")).toThrow(
      "encryptionKey must be 32 bytes"
    )
    expect(SecretBox.fromOption(undefined)).toBeNull()
  })

  it("refuses a tampered value and another key's value", () => {
    const box = SecretBox.fromOption(hexKey)!
    const sealed = box.seal("token")
    const [v, iv, tag, body] = sealed.split(":")
    const flipped = Buffer.from(body, "base64")
    flipped[0] ^= 1
    expect(() =>
      box.open([v, iv, tag, flipped.toString("base64")].join(":"))
    ).toThrow()
    expect(() => SecretBox.fromOption("11".repeat(32))!.open(sealed)).toThrow()
  })

  it("fingerprints deterministically per key", () => {
    const box = SecretBox.fromOption(hexKey)!
    expect(box.fingerprint("6011000012345678")).toBe(
      box.fingerprint("6011000012345678")
    )
    expect(box.fingerprint("6011000012345678")).not.toBe(
      SecretBox.fromOption("22".repeat(32))!.fingerprint("6011000012345678")
    )
    expect(box.fingerprint("6011000012345678")).not.toContain("6011")
  })
})
