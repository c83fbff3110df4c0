import type { z } from "@medusajs/framework/zod"

/** "billing.email: must be an e-mail address; amount: must be greater than 0" */
export function formatIssues(error: z.ZodError): string {
  return error.issues
    .map((i) => `${i.path.length ? i.path.join(".") : "(root)"}: ${i.message}`)
    .join("; ")
}
