import { z } from "@medusajs/framework/zod"
import { CARD_RULE_MESSAGE, normalizeCard } from "../../../lib/benefits/card"
import { isLeftUrl, LEFT_URL_RULE } from "../../../storefront/left-link"
import type { FieldCodes } from "../../utils/validation"

export const StorePaymentLinkBody = z
  .object({
    provider_id: z
      .string({ error: "provider_id is required" })
      .min(1, { error: "provider_id must not be empty" }),
    /**
     * The hosted page the shopper was sent to and came back from without a success return
     * (docs/storefront.md#coming-back-from-the-gateway-without-paying). One rule, one message,
     * whatever was sent: Medusa's formatter would quote a wrong type's value.
     */
    left_url: z
      .custom<string>(isLeftUrl, { error: `left_url ${LEFT_URL_RULE}` })
      .optional(),
  })
  .strict()

/** Not z.string(): Medusa's formatter quotes the value of a type error, and a card must never be echoed or logged. */
export const StoreApplyBenefitBody = z
  .object({
    card: z.custom<string>(
      (v) => typeof v === "string" && normalizeCard(v) !== null,
      { error: CARD_RULE_MESSAGE }
    ),
    rule_id: z
      .string({ error: "rule_id is required" })
      .min(1, { error: "rule_id must not be empty" }),
  })
  .strict()

export const StorePaymentLinkFieldCodes: FieldCodes = {
  provider_id: "paylink.provider_required",
}
export const StoreApplyBenefitFieldCodes: FieldCodes = {
  card: "benefits.card_invalid",
  rule_id: "benefits.rule_required",
}

export type StorePaymentLinkBodyType = z.infer<typeof StorePaymentLinkBody>
export type StoreApplyBenefitBodyType = z.infer<typeof StoreApplyBenefitBody>
