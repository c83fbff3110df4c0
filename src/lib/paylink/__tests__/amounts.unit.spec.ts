import {
  centsToDecimal,
  decimalTextToCents,
  decimalToCents,
  formatCents,
} from "../amounts"
import { decimalAmount } from "../schemas"

describe("decimalTextToCents", () => {
  it.each([
    ["10", 1000n],
    ["10.1", 1010n],
    ["10.10", 1010n],
    ["0.01", 1n],
    ["-4.99", -499n],
    ["0", 0n],
  ])("reads %p exactly as %p cents", (text, cents) => {
    expect(decimalTextToCents(text, "exact")).toBe(cents)
    expect(decimalTextToCents(text, "half-up")).toBe(cents)
  })

  it.each([
    ["10.005", 1001n],
    ["10.0049", 1000n],
    ["19.995", 2000n],
    ["-10.005", -1001n],
    ["0.0000001", 0n],
  ])("half-up rounds %p to %p cents; exact refuses it", (text, cents) => {
    expect(decimalTextToCents(text, "half-up")).toBe(cents)
    expect(decimalTextToCents(text, "exact")).toBeNull()
  })

  it.each([
    "",
    " 1",
    "1e3",
    "Infinity",
    "NaN",
    "1.",
    ".5",
    "+1",
    "0x10",
    "1,5",
  ])("refuses %p", (text) => {
    expect(decimalTextToCents(text, "half-up")).toBeNull()
    expect(decimalTextToCents(text, "exact")).toBeNull()
  })
})

describe("decimalToCents (JSON numbers of the wire format)", () => {
  it.each([
    [150.5, 15050n],
    [0.1 + 0.2 - 0.00000000000000004, 30n],
    [25000, 2_500_000n],
    [0, 0n],
  ])("%p -> %p", (n, cents) => {
    expect(decimalToCents(n)).toBe(cents)
  })

  it.each([10.005, 0.1 + 0.2, -1, 1e-7, 1e21, NaN, Infinity])(
    "refuses %p",
    (n) => {
      expect(decimalToCents(n)).toBeNull()
    }
  )

  it("is the rule of the schemas' decimal amounts", () => {
    for (const n of [10.1, 10.001, 0.1 + 0.2, 1e21, 99.99]) {
      const acceptedBySchema = decimalAmount.safeParse(n).success
      expect([n, acceptedBySchema]).toEqual([n, decimalToCents(n) !== null])
    }
  })

  it("round-trips with centsToDecimal and formatCents", () => {
    for (const cents of [1n, 99n, 1010n, 2_500_000n]) {
      expect(decimalToCents(centsToDecimal(cents))).toBe(cents)
      expect(decimalTextToCents(formatCents(cents), "exact")).toBe(cents)
    }
  })
})
