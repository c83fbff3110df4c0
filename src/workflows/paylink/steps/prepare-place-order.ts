import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"
import { formatCents, toCents } from "../../../lib/common/money"
import { resumeSessionData } from "../../../lib/cart/resume-session-data"
import { refusedByReason } from "../../../lib/attention/attention-actions"

/** The cart a record was paid for, to lock before anything about it is checked. */
export const settlementCartStep = createStep(
  "paylink-settlement-cart",
  async ({ checkout_id }: { checkout_id: string }, { container }) => {
    const record = await container
      .resolve<PaylinkModuleService>(PAYLINK_MODULE)
      .retrievePaylinkCheckout(checkout_id)
    if (!record.cart_id) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Payment link ${record.number} has no cart to place the order with: refund it by hand.`
      )
    }
    return new StepResponse(record.cart_id)
  }
)

export type PreparedSettlement = {
  cart_id: string
  number: number
  already_ordered: boolean
  needs_session: boolean
  payment_collection_id: string | null
  provider_id: string
  session_data: Record<string, unknown>
}

/**
 * Checks that a `needs_attention` record can become the order it paid for (its cart totals exactly
 * what was paid, or is already that order); returns the session data for this very link.
 */
export const preparePaylinkSettlementStep = createStep(
  "prepare-paylink-settlement",
  async ({ checkout_id }: { checkout_id: string }, { container }) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const record = await paylink.retrievePaylinkCheckout(checkout_id)
    const refuse = (why: string) =>
      new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Payment link ${record.number} ${why}`
      )
    if (record.status !== "needs_attention") {
      throw refuse(
        `is ${record.status}: only a link that needs attention can be settled.`
      )
    }
    const refused = refusedByReason(record as any)
    if (refused) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, refused.text)
    }
    if (
      !record.cart_id ||
      !record.provider_id ||
      !record.url ||
      !record.checkout_id
    ) {
      throw refuse(
        "has no cart or provider to place the order with: refund it by hand."
      )
    }
    const { data: carts } = await query.graph({
      entity: "cart",
      fields: [
        "id",
        "total",
        "completed_at",
        "currency_code",
        "payment_collection.id",
        "payment_collection.payment_sessions.data",
      ],
      filters: { id: record.cart_id },
    })
    const cart = carts[0]
    if (!cart) {
      throw refuse(
        `cannot place an order: cart ${record.cart_id} no longer exists. Refund it by hand.`
      )
    }
    if (cart.completed_at) {
      // A return interrupted after the order was created: the payment goes on that order.
      return new StepResponse<PreparedSettlement>({
        cart_id: record.cart_id,
        number: record.number,
        already_ordered: true,
        needs_session: false,
        payment_collection_id: null,
        provider_id: record.provider_id,
        session_data: {},
      })
    }
    const paid = toCents(record.amount)
    const currency = record.currency_code.toUpperCase()
    const total = toCents(cart.total as unknown as string)
    if (paid !== total) {
      const diff = total - paid
      throw refuse(
        `was paid ${currency} ${formatCents(paid)}, but the cart's total is ${currency} ${formatCents(total)} ` +
          `(${diff > 0n ? "" : "-"}${currency} ${formatCents(diff < 0n ? -diff : diff)} ${diff > 0n ? "more" : "less"}): ` +
          "change the cart back, or refund the payment by hand."
      )
    }
    const sessions = ((cart.payment_collection as any)?.payment_sessions ??
      []) as { data?: Record<string, unknown> }[]
    const hasSession = sessions.some(
      (s) => s?.data?.paylink_checkout_id === record.id
    )
    return new StepResponse<PreparedSettlement>({
      cart_id: record.cart_id,
      number: record.number,
      already_ordered: false,
      needs_session: !hasSession,
      payment_collection_id:
        ((cart.payment_collection as any)?.id as string | undefined) ?? null,
      provider_id: record.provider_id,
      session_data: resumeSessionData(
        record,
        paylink.getPluginOptions().secret
      ),
    })
  }
)
