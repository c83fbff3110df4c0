/**
 * The one shape every settlement step takes and returns: `next` names the step that acts on it
 * (any other step passes it on unchanged) and, once `next` is "done", `outcome` says how it ended.
 * Pure: what comes first after a disposition, and in what order a payment reaches its order.
 */
import {
  attentionReason,
  type AttentionOrder,
  type AttentionReason,
  type AttentionTarget,
} from "../attention/attention-reason"
import type { Disposition, PlacedOrderPlan, SettleOutcome } from "./disposition"

/** A storefront link on its way to its order: the record, its cart, and how the settlement was started. */
export type CartLink = {
  record_id: string
  number: number
  cart_id: string
  expired?: boolean
  actor_id?: string
}

/** The steps that put a link's payment on its order, in the order they run (each only when `runs` says so). */
export const ON_ORDER = [
  "claim_placed_order",
  "claim_order_return",
  "make_session",
  "record_payment",
  "convert_draft",
  "tie",
] as const
export type OnOrderStep = (typeof ON_ORDER)[number]

/** A link's payment on its order, from its claim to the tie of the record. */
export type OnOrder = {
  record_id: string
  number: number
  actor_id?: string
  order_id: string
  order: AttentionOrder
  /** The link's session on the order's payment collection (make_session replaces it). */
  session_id: string | null
  target: AttentionTarget
  runs: Record<OnOrderStep, boolean>
  /** The order's order.placed is owed (its cart's completion stopped before Medusa announced it). */
  owe_announcement: boolean
  /** The tie announces an owed order.placed first (a cart's order). */
  announce: boolean
  /** The tie withdraws the order's other open links (the link had been replaced). */
  withdraw_others: boolean
}

export type Settling =
  | { next: "done"; outcome: SettleOutcome }
  | { next: "hand"; outcome: null; record_id: string; reason: AttentionReason }
  | {
      next: "claim_cart"
      outcome: null
      cart: CartLink
      disposition: Disposition
    }
  | {
      next: "complete_cart" | "read_placed_order"
      outcome: null
      cart: CartLink
    }
  | { next: OnOrderStep; outcome: null; pay: OnOrder }

export const done = (outcome: SettleOutcome): Settling => ({
  next: "done",
  outcome,
})

export const handing = (
  record_id: string,
  reason: AttentionReason
): Settling => ({ next: "hand", outcome: null, record_id, reason })

/** The outcome of a disposition that ends the settlement by itself. */
export function ended(d: Disposition): SettleOutcome {
  return d.kind === "already_done"
    ? { order_id: d.order_id, reason: null }
    : { order_id: null, reason: d.kind === "report" ? d.reason : null }
}

/** The step after `step` for this payment (the tie always runs, last). */
export function nextAfter(step: OnOrderStep | null, pay: OnOrder): Settling {
  const next =
    ON_ORDER.slice(step ? ON_ORDER.indexOf(step) + 1 : 0).find(
      (s) => pay.runs[s]
    ) ?? "tie"
  return { next, outcome: null, pay }
}

const NO_STEPS: Record<OnOrderStep, boolean> = {
  claim_placed_order: false,
  claim_order_return: false,
  make_session: false,
  record_payment: false,
  convert_draft: false,
  tie: true,
}

/** A storefront link's first step, from its disposition and its cart as read (null: no cart). */
export function cartStart(
  d: Disposition,
  record: { id: string; number: number },
  cart: CartLink | null
): Settling {
  switch (d.kind) {
    case "hand_to_merchant":
      // A withdrawn link its rolled-back link request may give back: the claim hands it over and tries.
      return d.restore && cart
        ? { next: "claim_cart", outcome: null, cart, disposition: d }
        : handing(record.id, d.reason)
    case "place_cart":
    case "pay_placed_order":
      if (!cart) {
        return handing(
          record.id,
          attentionReason("cart_missing", {
            number: record.number,
            target: "cart",
          })
        )
      }
      return d.kind === "place_cart"
        ? { next: "claim_cart", outcome: null, cart, disposition: d }
        : { next: "read_placed_order", outcome: null, cart }
    default:
      return done(ended(d))
  }
}

/** A storefront link whose cart is an order, from what that order's payments say (placedOrderDisposition). */
export function placedOrderStart(
  plan: PlacedOrderPlan,
  cart: CartLink
): Settling {
  if (plan.kind === "hand_to_merchant") {
    return handing(cart.record_id, plan.reason)
  }
  return nextAfter(null, {
    record_id: cart.record_id,
    number: cart.number,
    actor_id: cart.actor_id,
    order_id: plan.order_id,
    order: plan.order,
    session_id: plan.session_id,
    target: "cart",
    runs: {
      ...NO_STEPS,
      claim_placed_order: !plan.credited,
      record_payment: plan.record_payment,
    },
    owe_announcement: plan.owe_announcement,
    announce: true,
    withdraw_others: false,
  })
}

/** An admin link's first step, from its disposition (orderLinkDisposition). */
export function orderStart(
  d: Disposition,
  record: { id: string; number: number },
  actor_id?: string
): Settling {
  switch (d.kind) {
    case "hand_to_merchant":
      return handing(record.id, d.reason)
    case "record_on_order":
      return nextAfter(null, {
        record_id: record.id,
        number: record.number,
        actor_id,
        order_id: d.order_id,
        order: d.order,
        session_id: d.session_id,
        target: "order",
        runs: {
          ...NO_STEPS,
          claim_order_return: true,
          make_session: d.needs_session,
          record_payment: !d.already_recorded,
          convert_draft: d.draft,
        },
        owe_announcement: false,
        announce: false,
        withdraw_others: d.needs_session,
      })
    default:
      return done(ended(d))
  }
}

/** How a settlement ended: every step path ends "done"; anything else is a bug, not an answer. */
export function outcomeOf(s: Settling): SettleOutcome {
  if (s.next !== "done") {
    throw new Error(
      `paylink settlement: it stopped at "${s.next}" without an outcome`
    )
  }
  return s.outcome
}
