import { z } from "@medusajs/framework/zod"

export const StorePaymentLinkBody = z
  .object({
    provider_id: z.string({ error: "provider_id is required" }).min(1, { error: "provider_id must not be empty" }),
  })
  .strict()

export type StorePaymentLinkBodyType = z.infer<typeof StorePaymentLinkBody>
