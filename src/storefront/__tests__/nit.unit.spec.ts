/**
 * Guatemala's NIT: the check digit modulo 11 (weights 2, 3, … from the right, K for 10), CF for a
 * final consumer, hyphens, spaces and a lower-case k tolerated; the messages name the field.
 */
import {
  isValidNit,
  nitCheckDigit,
  nitError,
  normalizeNit,
  NIT_FINAL_CONSUMER,
} from ".."

describe("NIT", () => {
  it("computes the check digit modulo 11, K for 10", () => {
    // 576937: 7·2 + 3·3 + 9·4 + 6·5 + 7·6 + 5·7 = 166; 166 mod 11 = 1; 11 − 1 = 10 → K.
    expect(nitCheckDigit("576937")).toBe("K")
    // 1234567: 7·2 + 6·3 + 5·4 + 4·5 + 3·6 + 2·7 + 1·8 = 112; 112 mod 11 = 2; 11 − 2 = 9.
    expect(nitCheckDigit("1234567")).toBe("9")
    // 1669394: 178 mod 11 = 2 → 9.
    expect(nitCheckDigit("1669394")).toBe("9")
    // 1234: 4·2 + 3·3 + 2·4 + 1·5 = 30; 30 mod 11 = 8 → 3.
    expect(nitCheckDigit("1234")).toBe("3")
    // 11: 1·2 + 1·3 = 5 → 6; a sum that is a multiple of 11 gives 0: 14 (4·2 + 1·3 = 11).
    expect(nitCheckDigit("11")).toBe("6")
    expect(nitCheckDigit("14")).toBe("0")
    expect(() => nitCheckDigit("12a")).toThrow(TypeError)
  })

  it.each([
    ["576937-K", "576937-K"],
    ["576937-k", "576937-K"],
    ["576937K", "576937-K"],
    [" 5769 37 - k ", "576937-K"],
    ["1234567-9", "1234567-9"],
    ["16693949", "1669394-9"],
    ["1234-3", "1234-3"],
    ["14-0", "14-0"],
    ["CF", "CF"],
    ["cf", "CF"],
    [" c-f ", "CF"],
  ])("takes %j as %j", (input, normalized) => {
    expect(normalizeNit(input)).toBe(normalized)
    expect(isValidNit(input)).toBe(true)
    expect(nitError(input, "es")).toBeNull()
    expect(nitError(input, "en")).toBeNull()
  })

  it.each([
    "12345", // check digit 5, expected 1
    "1234567-8",
    "576937-0",
    "5769370",
    "K",
    "1",
    "12.345-1",
    "576937-X",
    "57693K-K",
    "C F X",
    "12345678901234-5",
    "0-0", // passes the check digit, but all zeros is no one's NIT
    "00000-0",
  ])("refuses %j", (input) => {
    expect(normalizeNit(input)).toBeNull()
    expect(isValidNit(input)).toBe(false)
    expect(nitError(input, "es")).toMatch(/^NIT: el número no es válido/)
    expect(nitError(input, "en")).toMatch(
      /^NIT \(tax id\): the number is not valid/
    )
  })

  it("asks for a NIT (or CF) when the field is empty, in the customer's language", () => {
    expect(nitError("  ", "es")).toBe(
      "NIT: ingrese su NIT, o CF si es consumidor final."
    )
    expect(nitError(undefined, "en")).toBe(
      "NIT (tax id): enter your NIT, or CF for a final consumer."
    )
    expect(normalizeNit(12345)).toBeNull()
    expect(NIT_FINAL_CONSUMER).toBe("CF")
  })
})
