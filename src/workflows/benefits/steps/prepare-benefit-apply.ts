import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import { BENEFITS_MODULE } from "../../../modules/benefits"
import type BenefitsModuleService from "../../../modules/benefits/service"
import { normalizeCard, CARD_RULE_MESSAGE } from "../../../lib/benefits/card"
import {
  decideDiscount,
  discountableCents,
} from "../../../lib/benefits/discount"
import { formatCents, toCents } from "../../../lib/common/money"
import {
  BENEFITS_CURRENCY_CODE,
  HELD_REDEMPTION_STATUSES,
} from "../../../types/benefits"
import { echo } from "../../../lib/common/echo"
import {
  codedError,
  customerAmount,
  type PaylinkErrorCode,
} from "../../../lib/common/store-errors"
import type { SettingsRow } from "../../../modules/benefits/service"

export type CartForBenefit = {
  id: string
  currency_code: string
  completed_at?: unknown
  total: unknown
  shipping_total?: unknown
  items?:
    ({ is_discountable?: boolean | null; total?: unknown } | null)[] | null
  promotions?: ({ code?: string | null } | null)[] | null
}

type Input = {
  cart: CartForBenefit | null
  cart_id: string
  rule_id: string
  card: string
}

export type PreparedBenefit = {
  rule_id: string
  rule_name: string
  benefit_code: number
  total: string
  discount: string
  card_last4: string
  card_fingerprint: string
  /** A redemption of this card, cart, rule, total and discount whose authorization is held: reused, no call. */
  reuse_id: string | null
  attempt: number
  /** Redemptions still `authorized` whose promotion is no longer on the cart (taken off some other way). */
  orphan_ids: string[]
  /** Read once per apply and handed on; without the sealed password, the token still sealed. */
  settings: ProgramSettingsForCall | null
}

export type ProgramSettingsForCall = Omit<SettingsRow, "password_sealed">

const notAllowed = (
  code: PaylinkErrorCode,
  message: string,
  params?: Record<string, string>
) => codedError(MedusaError.Types.NOT_ALLOWED, code, message, params)

const HELD: readonly string[] = HELD_REDEMPTION_STATUSES

/**
 * Every refusal that needs no call to the program, before any call; computes the discount and finds
 * an authorization already held for exactly this apply.
 */
export const prepareBenefitApplyStep = createStep(
  "prepare-benefit-apply",
  async ({ cart, cart_id, rule_id, card }: Input, { container }) => {
    const benefits = container.resolve<BenefitsModuleService>(BENEFITS_MODULE)
    if (!cart) {
      throw codedError(
        MedusaError.Types.NOT_FOUND,
        "paylink.cart_not_found",
        `Cart ${echo(cart_id)} was not found.`
      )
    }
    if (cart.completed_at) {
      throw notAllowed(
        "paylink.cart_completed",
        `Cart ${cart.id} is already completed.`
      )
    }
    if (cart.currency_code.toLowerCase() !== BENEFITS_CURRENCY_CODE) {
      throw notAllowed(
        "benefits.currency_not_supported",
        `currency_code: the benefits program accepts GTQ carts only; this cart is in ${cart.currency_code.toUpperCase()}.`
      )
    }
    const digits = normalizeCard(card)
    if (!digits) {
      throw codedError(
        MedusaError.Types.INVALID_DATA,
        "benefits.card_invalid",
        `${CARD_RULE_MESSAGE}.`
      )
    }
    const settings = await benefits.settingsRow()
    if (!(await benefits.isEnabled(settings))) {
      throw notAllowed(
        "benefits.program_unavailable",
        "The loyalty benefits program is not enabled in this store."
      )
    }
    const rule = await benefits.retrieveAvailableRule(rule_id)

    // Only a benefit that discounts the cart now blocks another: a stale one, or one whose
    // promotion was taken off the cart, no longer does.
    const onCart = new Set(
      (cart.promotions ?? []).map((p) => p?.code).filter(Boolean)
    )
    const rows = await benefits.listBenefitRedemptions(
      { cart_id: cart.id },
      { order: { created_at: "ASC" } }
    )
    const live = rows.find(
      (r) =>
        r.status === "authorized" &&
        r.promotion_code &&
        onCart.has(r.promotion_code)
    )
    if (live) {
      throw notAllowed(
        "benefits.already_applied",
        `Cart ${cart.id} already has a loyalty benefit (authorized); remove it before applying another.`
      )
    }

    const totalCents = toCents(cart.total as string)
    const decision = decideDiscount(
      {
        kind: rule.kind,
        value: rule.kind === "fixed" ? toCents(rule.value) : Number(rule.value),
        appliesTo: rule.applies_to,
        capCents: rule.cap != null ? toCents(rule.cap) : null,
        minTotalCents: rule.min_total != null ? toCents(rule.min_total) : null,
      },
      { totalCents, discountableCents: discountableCents(cart.items ?? []) }
    )
    if (!decision.ok) {
      switch (decision.reason) {
        case "below_minimum":
          throw notAllowed(
            "benefits.minimum_not_reached",
            `Benefit "${rule.name}" needs a cart total of at least GTQ ${formatCents(toCents(rule.min_total!))}; this cart is GTQ ${formatCents(totalCents)}.`,
            {
              min: customerAmount(toCents(rule.min_total!), "GTQ"),
              total: customerAmount(totalCents, "GTQ"),
            }
          )
        case "no_discount":
          throw notAllowed(
            "benefits.not_eligible",
            `Benefit "${rule.name}" gives no discount on this cart.`
          )
        case "exceeds_discountable": {
          const items = discountableCents(cart.items ?? [])
          const shipping =
            cart.shipping_total != null
              ? toCents(cart.shipping_total as string)
              : 0n
          throw notAllowed(
            "benefits.not_eligible",
            `Benefit "${rule.name}" would take GTQ ${formatCents(decision.discountCents)} off, but only the items can be discounted ` +
              `(GTQ ${formatCents(items)} on this cart; shipping${shipping > 0n ? ` of GTQ ${formatCents(shipping)}` : ""} and taxes outside the items cannot): ` +
              "add items or pick another benefit."
          )
        }
      }
    }
    const discountCents = decision.discountCents
    const fingerprint = benefits.fingerprint(digits)

    const reusable = rows
      .filter(
        (r) =>
          HELD.includes(r.status) &&
          !!r.authorization &&
          r.card_fingerprint === fingerprint &&
          r.benefit_code === rule.code &&
          toCents(r.total as unknown as string) === totalCents &&
          toCents(r.discount as unknown as string) === discountCents
      )
      .reverse()[0]

    // Every call the program got for this cart left a row, written before the call.
    const calls = rows.length
    const limit = benefits.callsPerCart()
    if (!reusable && calls >= limit) {
      throw notAllowed(
        "benefits.cart_limit",
        `Cart ${cart.id} has reached the limit of ${limit} loyalty-program requests (plugin option benefitCallsPerCart): ` +
          "no further authorization is requested for it. Re-applying a card already authorized for this total still works; " +
          "otherwise check out without the benefit or start a new cart."
      )
    }
    const orphanIds = rows
      .filter(
        (r) =>
          r.status === "authorized" &&
          r.id !== reusable?.id &&
          !(r.promotion_code && onCart.has(r.promotion_code))
      )
      .map((r) => r.id)
    // The per-card limit is checked under the card's lock by the next step; here too only when that
    // step would first retire orphans, so a refused apply changes nothing.
    if (!reusable && orphanIds.length) {
      await benefits.assertCardWithinLimit({
        fingerprint,
        last4: digits.slice(-4),
      })
    }

    const prepared: PreparedBenefit = {
      rule_id: rule.id,
      rule_name: rule.name,
      benefit_code: rule.code,
      total: formatCents(totalCents),
      discount: formatCents(discountCents),
      card_last4: digits.slice(-4),
      card_fingerprint: fingerprint,
      reuse_id: reusable?.id ?? null,
      attempt: calls + 1,
      orphan_ids: orphanIds,
      settings: settings ? withoutPassword(settings) : null,
    }
    return new StepResponse(prepared)
  }
)

function withoutPassword({
  password_sealed: _password,
  ...rest
}: SettingsRow): ProgramSettingsForCall {
  return rest
}
