import { z } from "@medusajs/framework/zod"
import { CARD_RULE_MESSAGE, normalizeCard } from "../../../lib/benefits/card"
import type { FieldCodes } from "../../utils/validation"

export const StorePaymentLinkBody = z
  .object({
    provider_id: z.string({ error: "provider_id is required" }).min(1, { error: "provider_id must not be empty" }),
  })
  .strict()

/**
 * A custom check, not z.string(): Medusa's error formatter quotes the received value of a type
 * error ("Expected type: 'string' for field 'card', got: '6011…'"), and a card must never be
 * echoed back or logged. The message names the rule and never the value.
 */
export const StoreApplyBenefitBody = z
  .object({
    card: z.custom<string>((v) => typeof v === "string" && normalizeCard(v) !== null, { error: CARD_RULE_MESSAGE }),
    rule_id: z.string({ error: "rule_id is required" }).min(1, { error: "rule_id must not be empty" }),
  })
  .strict()

/** What a customer is told when a field is refused (src/storefront/error-codes.ts has the sentences). */
export const StorePaymentLinkFieldCodes: FieldCodes = { provider_id: "paylink.provider_required" }
export const StoreApplyBenefitFieldCodes: FieldCodes = { card: "benefits.card_invalid", rule_id: "benefits.rule_required" }

export type StorePaymentLinkBodyType = z.infer<typeof StorePaymentLinkBody>
export type StoreApplyBenefitBodyType = z.infer<typeof StoreApplyBenefitBody>
