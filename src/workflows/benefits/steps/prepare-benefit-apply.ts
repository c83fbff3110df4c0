import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import { BENEFITS_MODULE } from "../../../modules/benefits"
import type BenefitsModuleService from "../../../modules/benefits/service"
import { normalizeCard, CARD_MAX_DIGITS, CARD_MIN_DIGITS } from "../../../lib/benefits/card"
import { computeDiscountCents } from "../../../lib/benefits/discount"
import { formatCents, toCents } from "../../../lib/money"

export type CartForBenefit = {
  id: string
  currency_code: string
  completed_at?: unknown
  total: unknown
}

type Input = { cart: CartForBenefit | null; cart_id: string; rule_id: string; card: string }

const notAllowed = (message: string) => new MedusaError(MedusaError.Types.NOT_ALLOWED, message)

/**
 * Every refusal that needs no call to the program, in one place and before any call: the cart, the
 * rule, the card, an existing redemption. Computes the discount from the rule and the cart total.
 */
export const prepareBenefitApplyStep = createStep(
  "prepare-benefit-apply",
  async ({ cart, cart_id, rule_id, card }: Input, { container }) => {
    const benefits = container.resolve<BenefitsModuleService>(BENEFITS_MODULE)
    if (!cart) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart ${cart_id} was not found.`)
    }
    if (cart.completed_at) {
      throw notAllowed(`Cart ${cart.id} is already completed.`)
    }
    if (cart.currency_code.toUpperCase() !== "GTQ") {
      throw notAllowed(`currency_code: the benefits program accepts GTQ carts only; this cart is in ${cart.currency_code.toUpperCase()}.`)
    }
    const digits = normalizeCard(card)
    if (!digits) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `card: must be ${CARD_MIN_DIGITS} to ${CARD_MAX_DIGITS} digits (spaces and dashes allowed).`
      )
    }
    if (!(await benefits.isEnabled())) {
      throw notAllowed("The loyalty benefits program is not enabled in this store.")
    }
    const [rule] = await benefits.listBenefitRules({ id: rule_id })
    if (!rule) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `rule_id: benefit rule ${rule_id} was not found.`)
    }
    const now = Date.now()
    if (!rule.active) {
      throw notAllowed(`Benefit "${rule.name}" is not active.`)
    }
    if ((rule.starts_at && new Date(rule.starts_at).getTime() > now) || (rule.ends_at && new Date(rule.ends_at).getTime() < now)) {
      throw notAllowed(`Benefit "${rule.name}" is not available at this time.`)
    }
    const active = await benefits.listBenefitRedemptions({ cart_id: cart.id, status: ["authorized", "stale"] })
    if (active.length) {
      throw notAllowed(
        `Cart ${cart.id} already has a loyalty benefit (${active[0].status}); remove it before applying another.`
      )
    }
    const totalCents = toCents(cart.total as string)
    const minCents = rule.min_total != null ? toCents(rule.min_total) : null
    if (minCents !== null && totalCents < minCents) {
      throw notAllowed(
        `Benefit "${rule.name}" needs a cart total of at least GTQ ${formatCents(minCents)}; this cart is GTQ ${formatCents(totalCents)}.`
      )
    }
    const discountCents = computeDiscountCents(
      {
        kind: rule.kind,
        value: rule.kind === "fixed" ? toCents(rule.value) : Number(rule.value),
        capCents: rule.cap != null ? toCents(rule.cap) : null,
      },
      totalCents
    )
    if (discountCents <= 0n) {
      throw notAllowed(`Benefit "${rule.name}" gives no discount on this cart.`)
    }
    return new StepResponse({
      rule_id: rule.id,
      rule_name: rule.name,
      benefit_code: rule.code,
      total: formatCents(totalCents),
      discount: formatCents(discountCents),
      card_last4: digits.slice(-4),
      card_fingerprint: benefits.fingerprint(digits),
    })
  }
)
