import { model } from "@medusajs/framework/utils"
import BenefitRedemption from "./benefit-redemption"
import {
  BENEFIT_APPLIES_TO,
  DEFAULT_BENEFIT_APPLIES_TO,
} from "../../../types/benefits"

/**
 * A benefit the merchant offers: which program `code` it redeems and how the discount is computed
 * from the cart's total. Amounts are GTQ major units (the program accepts GTQ only).
 */
const BenefitRule = model
  .define("benefit_rule", {
    id: model.id({ prefix: "brule" }).primaryKey(),
    /** The program's benefit code (`code` in docs/service.md §5.8, an integer issued by the program). */
    code: model.number(),
    name: model.text(),
    description: model.text().nullable(),
    kind: model.enum(["percentage", "fixed"]),
    /** Percent for "percentage" (10 = 10 %), GTQ amount for "fixed". */
    value: model.bigNumber(),
    /**
     * What a percentage is computed on: "items" (the goods) or "items_and_shipping" (the cart's
     * total). Rules made before the option were migrated to "items_and_shipping", their behaviour.
     */
    applies_to: model
      .enum([...BENEFIT_APPLIES_TO])
      .default(DEFAULT_BENEFIT_APPLIES_TO),
    /** Largest discount, GTQ. */
    cap: model.bigNumber().nullable(),
    /** Smallest cart total the rule applies to, GTQ. */
    min_total: model.bigNumber().nullable(),
    active: model.boolean().default(true),
    starts_at: model.dateTime().nullable(),
    ends_at: model.dateTime().nullable(),
    redemptions: model.hasMany(() => BenefitRedemption, { mappedBy: "rule" }),
  })
  .indexes([{ on: ["active"] }])

export default BenefitRule
