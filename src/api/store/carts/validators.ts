import { z } from "@medusajs/framework/zod"

export const StorePaymentLinkBody = z
  .object({
    provider_id: z.string({ error: "provider_id is required" }).min(1, { error: "provider_id must not be empty" }),
  })
  .strict()

export const StoreApplyBenefitBody = z
  .object({
    card: z.string({ error: "card is required" }).min(1, { error: "card must not be empty" }),
    rule_id: z.string({ error: "rule_id is required" }).min(1, { error: "rule_id must not be empty" }),
  })
  .strict()

export type StorePaymentLinkBodyType = z.infer<typeof StorePaymentLinkBody>
export type StoreApplyBenefitBodyType = z.infer<typeof StoreApplyBenefitBody>
