import { model } from "@medusajs/framework/utils"
import BenefitRule from "./benefit-rule"

export const REDEMPTION_STATUSES = ["authorized", "stale", "removed", "redeemed", "failed"] as const
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number]

/**
 * One use of a loyalty card on a cart, with the program's authorization and confirmation codes.
 * The card is kept as its last four digits and a keyed hash, never in full.
 */
const BenefitRedemption = model
  .define("benefit_redemption", {
    id: model.id({ prefix: "bred" }).primaryKey(),
    cart_id: model.text(),
    order_id: model.text().nullable(),
    rule: model.belongsTo(() => BenefitRule, { mappedBy: "redemptions" }),
    benefit_code: model.number(),
    card_last4: model.text(),
    card_fingerprint: model.text(),
    discount: model.bigNumber(),
    /** The cart total sent to the program, before this discount. */
    total: model.bigNumber(),
    currency_code: model.text(),
    authorization: model.text().nullable(),
    confirmation: model.text().nullable(),
    status: model.enum([...REDEMPTION_STATUSES]),
    promotion_id: model.text().nullable(),
    promotion_code: model.text().nullable(),
    failure_reason: model.text().nullable(),
    authorized_at: model.dateTime().nullable(),
    stale_at: model.dateTime().nullable(),
    removed_at: model.dateTime().nullable(),
    redeemed_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["cart_id"] }, { on: ["order_id"] }, { on: ["status"] }, { on: ["card_fingerprint"] }])

export default BenefitRedemption
