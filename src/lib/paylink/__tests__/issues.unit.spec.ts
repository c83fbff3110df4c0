import { z as medusaZ } from "@medusajs/framework/zod"
import { z } from "zod"
import { formatIssues, issuesFromZod } from "../issues"
import {
  formatIssues as formatIssuesFromErrors,
  issuesFromZod as issuesFromZodFromErrors,
} from "../errors"

const schema = z
  .object({
    order: z.array(z.object({ qty: z.number().int().positive() })),
    name: z.string(),
  })
  .strict()

function errorOf(value: unknown): z.ZodError {
  const result = schema.safeParse(value)
  if (result.success) throw new Error("expected a refusal")
  return result.error
}

describe("issuesFromZod", () => {
  it("names fields with brackets for items, one issue per unknown key, (body) for the root", () => {
    expect(
      issuesFromZod(errorOf({ order: [{ qty: 0 }], name: "x", a: 1, b: 2 }))
    ).toEqual([
      { path: "order[0].qty", message: expect.any(String) },
      { path: "a", message: "is not an accepted field" },
      { path: "b", message: "is not an accepted field" },
    ])
    expect(issuesFromZod(errorOf("nope"))).toEqual([
      { path: "(body)", message: expect.any(String) },
    ])
  })

  it("takes another path style and message, never for unknown keys", () => {
    const issues = issuesFromZod(
      errorOf({ order: [{ qty: 0 }], name: 1, extra: 1 }),
      {
        path: (p) => p.map(String).join("."),
        message: (issue) => `rule ${issue.code}`,
      }
    )
    expect(issues).toEqual([
      { path: "order.0.qty", message: "rule too_small" },
      { path: "name", message: "rule invalid_type" },
      { path: "extra", message: "is not an accepted field" },
    ])
  })

  it("accepts an error from the zod that @medusajs/framework/zod re-exports (plugin options use it)", () => {
    const result = medusaZ
      .object({
        benefitsPath: medusaZ.string().regex(/^a$/, { error: "must be a" }),
      })
      .strict()
      .safeParse({ benefitsPath: "b", x: 1 })
    expect(result.success).toBe(false)
    expect(issuesFromZod(result.error!)).toEqual([
      { path: "benefitsPath", message: "must be a" },
      { path: "x", message: "is not an accepted field" },
    ])
  })

  it("is what errors.ts exports to the options parsers", () => {
    expect(issuesFromZodFromErrors).toBe(issuesFromZod)
    expect(formatIssuesFromErrors).toBe(formatIssues)
  })
})

describe("formatIssues", () => {
  const issues = Array.from({ length: 7 }, (_, i) => ({
    path: `f${i}`,
    message: "is wrong",
  }))

  it("lists five, then says how many more", () => {
    expect(formatIssues(issues.slice(0, 2))).toBe("f0: is wrong; f1: is wrong")
    expect(formatIssues(issues)).toBe(
      "f0: is wrong; f1: is wrong; f2: is wrong; f3: is wrong; f4: is wrong; and 2 more"
    )
  })

  it("lists them all when asked", () => {
    expect(formatIssues(issues, Infinity).split("; ")).toHaveLength(7)
  })
})
