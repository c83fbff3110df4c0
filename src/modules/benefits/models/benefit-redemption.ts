import { model } from "@medusajs/framework/utils"
import BenefitRule from "./benefit-rule"

/**
 * pending: written before the program call; authorized: the program answered with its codes;
 * unknown: no usable answer in time (the program may have authorized); failed: the program
 * refused, or applying its authorization failed (codes kept); stale: the cart changed after the
 * authorization; removed: taken off the cart; redeemed: used by an order.
 */
import { REDEMPTION_STATUSES } from "../../../types/benefits"

export {
  REDEMPTION_STATUSES,
  type RedemptionStatus,
} from "../../../types/benefits"

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
    /** Local reference of the program call this row records (the program takes none). */
    reference: model.text().nullable(),
    /** Which program call on this cart it was: 1, 2, ... (bounded by benefitCallsPerCart). */
    attempt: model.number().nullable(),
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
  .indexes([
    { on: ["cart_id"] },
    { on: ["order_id"] },
    { on: ["status"] },
    { on: ["card_fingerprint"] },
    { on: ["reference"], unique: true },
  ])

export default BenefitRedemption
