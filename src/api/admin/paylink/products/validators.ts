import { z } from "@medusajs/framework/zod"

/** More than a product could sensibly have: a body cannot be made huge. */
export const MAX_VARIANT_MARKS = 1000

const VariantMark = z
  .object({
    id: z.custom<string>((v) => typeof v === "string" && v.trim().length > 0, {
      error: "variants[].id must be a variant id of the product",
    }),
    subscription: z.custom<boolean>((v) => typeof v === "boolean", {
      error: "variants[].subscription must be true or false",
    }),
  })
  .strict()

/** `subscription` marks the whole product, `variants` single variants; what is left out keeps its mark. */
export const AdminProductSubscriptionBody = z
  .object({
    subscription: z
      .custom<boolean>((v) => typeof v === "boolean", {
        error: "subscription must be true or false (the whole product)",
      })
      .optional(),
    variants: z
      .array(VariantMark, {
        error: "variants must be a list of { id, subscription }",
      })
      .min(1)
      .max(MAX_VARIANT_MARKS)
      .optional(),
  })
  .strict()
  .refine((b) => b.subscription !== undefined || b.variants !== undefined, {
    error:
      "Give subscription (the whole product) or variants (single variants), or both",
  })

export type AdminProductSubscriptionBodyType = z.infer<
  typeof AdminProductSubscriptionBody
>
