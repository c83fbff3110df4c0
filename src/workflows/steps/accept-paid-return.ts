import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PAYLINK_MODULE } from "../../modules/paylink"
import type PaylinkModuleService from "../../modules/paylink/service"
import { formatCents, toCents } from "../../lib/money"
import { orderOfCart, recordThatPaidOrder, tieRecordToOrder } from "./paid-with"

type Input = {
  record_id: string
  cart_id: string | null
  cart: { total_cents: string; completed: boolean } | null
  /** The link's signature is genuine but its expiry has passed: evidence of payment, too late to act on. */
  expired?: boolean
}

/** What the return flow does next: place the order, nothing (already placed), or hand it to the merchant. */
export type ReturnDisposition =
  | { action: "place"; cart_id: string }
  | { action: "done"; order_id: string }
  | { action: "attention"; reason: string }

/**
 * Records a verified success return: the customer paid. Decides, from the record and the cart as
 * they are now, whether the order can be placed; if it cannot, the record goes to
 * `needs_attention` with the reason, so a payment never disappears. No compensation: the customer
 * did pay, whatever happens next, and the merchant needs to see it.
 */
export const acceptPaidReturnStep = createStep(
  "accept-paid-return",
  async ({ record_id, cart_id, cart, expired }: Input, { container }): Promise<StepResponse<ReturnDisposition>> => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    const record = await paylink.retrievePaylinkCheckout(record_id)
    const now = new Date()
    const attention = async (reason: string): Promise<StepResponse<ReturnDisposition>> => {
      const { record: after } = await paylink.transition(record_id, "needs_attention", {
        attention_reason: reason,
        returned_at: record.returned_at ?? now,
      })
      return new StepResponse({ action: "attention", reason: after.attention_reason ?? reason })
    }

    // A replay of a return already dealt with answers as the first one did.
    if (record.status === "completed" && record.order_id) {
      return new StepResponse({ action: "done", order_id: record.order_id })
    }
    if (record.status === "needs_attention" || record.status === "refunded") {
      return new StepResponse({ action: "attention", reason: record.attention_reason ?? "" })
    }
    if (!cart_id || !cart) {
      return await attention(`Link ${record.number} was paid, but its cart no longer exists.`)
    }
    if (cart.completed) {
      const orderId = await orderOfCart(container, cart_id)
      if (orderId && (await recordThatPaidOrder(container, orderId)) === record.id) {
        // The order was placed through this link, but the record was not tied to it yet (a crash
        // in between, or the storefront's own complete call): finish that now.
        await tieRecordToOrder(container, record.id, orderId)
        return new StepResponse({ action: "done", order_id: orderId })
      }
      return await attention(
        `Link ${record.number} was paid after cart ${cart_id} had already become order ${orderId ?? "(unknown)"} with another payment: refund one of them.`
      )
    }
    if (expired) {
      return await attention(
        `Link ${record.number} was paid, but its return link had expired (returnLinkTtlHours) when the customer came back; the cart was not completed.`
      )
    }
    if (record.status === "withdrawn" || record.status === "expired" || record.status === "failed") {
      const why =
        record.status === "withdrawn"
          ? "the store had replaced it (the cart changed or another payment method was chosen)"
          : record.status === "expired"
            ? "it had expired"
            : "the service had answered with an error when it was created"
      return await attention(`Link ${record.number} was paid, but ${why}; the cart was not completed.`)
    }
    const paid = toCents(record.amount)
    if (BigInt(cart.total_cents) !== paid) {
      return await attention(
        `Link ${record.number} was paid for ${record.currency_code.toUpperCase()} ${formatCents(paid)}, but the cart's total is now ` +
          `${record.currency_code.toUpperCase()} ${formatCents(BigInt(cart.total_cents))}; the cart was not completed.`
      )
    }
    try {
      await paylink.transition(record_id, "returned", { returned_at: record.returned_at ?? now, canceled_by: null, canceled_at: null })
    } catch (error) {
      // The store withdrew it, or the job expired it, between the read above and this write.
      const after = await paylink.retrievePaylinkCheckout(record_id)
      return await attention(`Link ${record.number} was paid, but it became ${after.status} while the return was handled; the cart was not completed.`)
    }
    return new StepResponse({ action: "place", cart_id })
  }
)
