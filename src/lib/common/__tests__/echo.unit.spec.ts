import { echo, ECHO_MAX, shortenEchoes } from "../echo"

describe("echo", () => {
  it("quotes a short value whole and cuts a long one at 60 characters with an ellipsis", () => {
    expect(echo("pp_paylink-gateway-a_default")).toBe(
      "pp_paylink-gateway-a_default"
    )
    const cut = echo(`pp_paylink-${"x".repeat(5000)}`)
    expect(cut).toBe(`pp_paylink-${"x".repeat(ECHO_MAX - 11)}…`)
    expect(Array.from(cut)).toHaveLength(ECHO_MAX + 1)
  })

  it("never splits a character made of two code units", () => {
    expect(echo("😀".repeat(100))).toBe(`${"😀".repeat(ECHO_MAX)}…`)
  })

  it("takes any value", () => {
    expect(echo(12)).toBe("12")
    expect(echo(null)).toBe("null")
  })
})

describe("shortenEchoes", () => {
  it("cuts what Medusa's formatter quotes, keeping the field's name", () => {
    const long = "y".repeat(5000)
    expect(
      shortenEchoes(
        `Invalid request: Expected: 'a, b' for field 'status', but got: '${long}'`
      )
    ).toBe(
      `Invalid request: Expected: 'a, b' for field 'status', but got: '${"y".repeat(ECHO_MAX)}…'`
    )
  })

  it("cuts a long quote with spaces in it, and a long run with quotes in it", () => {
    expect(shortenEchoes(`got: '${"a b ".repeat(100)}'`)).toHaveLength(
      `got: ''`.length + ECHO_MAX + 1
    )
    expect(shortenEchoes(`got: 'x'${"z'".repeat(100)}'`).length).toBeLessThan(
      80
    )
  })

  it("leaves an ordinary message as it is", () => {
    const message =
      "provider_id: pp_paylink-gateway-a_default is not enabled in the cart's region"
    expect(shortenEchoes(message)).toBe(message)
  })
})
