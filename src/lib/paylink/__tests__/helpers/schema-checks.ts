/**
 * What the schemas-*.unit.spec.ts files share: checks that name the refused path and message,
 * and a minimal valid checkout body. Not a spec itself (jest's unit testMatch wants *.unit.spec.ts).
 */
import type { z } from "zod"

/** The issues of a refused value as "path: message", or [] when it is accepted. */
export function problems(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value)
  return result.success
    ? []
    : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`)
}

export function expectAccepted(schema: z.ZodType, value: unknown): void {
  expect(problems(schema, value)).toEqual([])
}

/** Refused, with an issue on `path` (and, when given, a message containing `message`). */
export function expectRefused(
  schema: z.ZodType,
  value: unknown,
  path: string,
  message = ""
): void {
  const found = problems(schema, value)
  expect(found).toEqual(
    expect.arrayContaining([
      expect.stringMatching(
        new RegExp(`^${escape(path)}: .*${escape(message)}`)
      ),
    ])
  )
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
}

export const billing = {
  name: "Ana",
  surname: "López",
  email: "ana@example.com",
}
export const checkout = {
  number: 1001,
  description: "Order #1001",
  amount: 150.5,
  billing,
}
