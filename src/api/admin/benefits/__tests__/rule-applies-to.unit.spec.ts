/** The admin's rule bodies and `applies_to`: optional on create, one of two words, named when wrong. */
import { AdminCreateBenefitRule, AdminUpdateBenefitRule } from "../schemas"

const RULE = { code: 501, name: "Club 10%", kind: "percentage", value: 10 }

describe("applies_to in the admin's rule bodies", () => {
  it("is optional on create (the model's default, goods only, then applies) and takes either word", () => {
    const omitted = AdminCreateBenefitRule.parse(RULE)
    expect("applies_to" in omitted).toBe(false)
    for (const applies_to of ["items", "items_and_shipping"]) {
      expect(
        AdminCreateBenefitRule.parse({ ...RULE, applies_to }).applies_to
      ).toBe(applies_to)
      expect(AdminUpdateBenefitRule.parse({ applies_to }).applies_to).toBe(
        applies_to
      )
    }
  })

  it.each([["shipping"], [null], [""], ["ITEMS"], [1]])(
    "refuses %p, naming the field and both words",
    (applies_to) => {
      for (const schema of [AdminCreateBenefitRule, AdminUpdateBenefitRule]) {
        const result = schema.safeParse({ ...RULE, applies_to })
        expect(result.success).toBe(false)
        expect(result.error!.issues.map((i) => i.message)).toEqual([
          "applies_to must be items (the percentage is computed on the products only) or items_and_shipping (on the products and shipping)",
        ])
      }
    }
  )
})
