/**
 * A verified success return. The customer paid, so this ends in exactly one of: the order placed
 * (or the one already placed through this link, for a replay), or the record in `needs_attention`
 * with the reason, for the merchant to settle. It never ends in an error the customer is left with.
 */
import { createHook, createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { resolvePaylinkReturnStep, type ReturnClaimsInput } from "./steps/resolve-paylink-return"
import { acceptPaidReturnStep } from "./steps/accept-paid-return"
import { placePaidOrderStep } from "./steps/place-paid-order"
import { settleOrderLinkStep } from "./steps/settle-order-link-step"
import type { CheckoutOrigin } from "../types/paylink"

export type PaylinkReturnResult = {
  order_id: string | null
  /** Why the order could not be placed (for the merchant; the customer sees a plain sentence). */
  attention_reason: string | null
  cart_id: string | null
  number: number
  redirect: string | null
  /** An admin link's customer gets the plugin's own pages, not the storefront's. */
  origin: CheckoutOrigin
}

export const completePaylinkReturnWorkflow = createWorkflow(
  "complete-paylink-return",
  (input: ReturnClaimsInput) => {
    const found = resolvePaylinkReturnStep(input)
    // An admin link: the payment is recorded on its order (or draft order).
    const settled = when("paylink-return-pays-order", { found }, ({ found }) => found.origin !== "storefront").then(() =>
      settleOrderLinkStep({ record_id: found.record_id, expired: input.expired })
    )
    // The storefront's link: the cart becomes the order.
    const disposition = when("paylink-return-pays-cart", { found }, ({ found }) => found.origin === "storefront").then(() =>
      acceptPaidReturnStep({
        record_id: found.record_id,
        cart_id: found.cart_id,
        cart: found.cart,
        expired: input.expired,
      })
    )
    const placed = when("paylink-return-places-order", { disposition }, ({ disposition }) => disposition?.action === "place").then(
      () => placePaidOrderStep({ record_id: found.record_id, cart_id: found.cart_id! })
    )
    const result = transform({ found, settled, disposition, placed }, ({ found, settled, disposition, placed }): PaylinkReturnResult => {
      const base = { cart_id: found.cart_id, number: found.number, redirect: found.success_redirect, origin: found.origin }
      if (settled) {
        return { ...base, order_id: settled.order_id, attention_reason: settled.reason }
      }
      const order_id = disposition?.action === "done" ? disposition.order_id : (placed?.order_id ?? null)
      const attention_reason = disposition?.action === "attention" ? disposition.reason : (placed?.reason ?? null)
      return { ...base, order_id, attention_reason }
    })
    const paylinkReturned = createHook("paylinkReturned", { result })
    return new WorkflowResponse(result, { hooks: [paylinkReturned] })
  }
)
