import { parsePluginOptions } from "../../boot/plugin-options"

const base = { secret: "s".repeat(32) }

describe("plugin option benefitCallsPerCart", () => {
  it("defaults to 3", () => {
    expect(parsePluginOptions(base).benefitCallsPerCart).toBe(3)
  })

  it("accepts 1 to 20", () => {
    expect(
      parsePluginOptions({ ...base, benefitCallsPerCart: 1 })
        .benefitCallsPerCart
    ).toBe(1)
    expect(
      parsePluginOptions({ ...base, benefitCallsPerCart: 20 })
        .benefitCallsPerCart
    ).toBe(20)
  })

  it.each([0, 21, 2.5, "3"])("refuses %p, naming the option", (value) => {
    expect(() =>
      parsePluginOptions({ ...base, benefitCallsPerCart: value })
    ).toThrow("benefitCallsPerCart must be a whole number from 1 to 20")
  })
})
