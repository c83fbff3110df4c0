import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import {
  recordThatPaidOrder,
  tieRecordToOrder,
} from "../../../lib/settlement/paid-with"
import { orderCreditedWithLink } from "../../../lib/settlement/credited-order"
import { refusedByReason } from "../../../lib/attention/attention-actions"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"

type Settle = { checkout_id: string; actor_id: string }

/**
 * The merchant takes over a `needs_attention` record to place its order: it counts as returned
 * (so the provider authorizes its session) until the order exists. Undone if placing fails.
 */
export const startPaylinkSettlementStep = createStep(
  "start-paylink-settlement",
  async ({ checkout_id, actor_id }: Settle, { container }) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    await paylink.transition(checkout_id, "returned", {
      settled_by: actor_id,
      settled_at: new Date(),
    })
    return new StepResponse(undefined, checkout_id)
  },
  async (checkoutId, { container }) => {
    if (!checkoutId) {
      return
    }
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    await paylink.tryTransition(checkoutId, "needs_attention", {
      settled_by: null,
      settled_at: null,
    })
  }
)

/**
 * Ties a record to the order it paid for: status, column and module link. Refuses an order that
 * another payment placed (an order carries at most one paid link); the workflow then undoes the
 * settlement and the record needs attention again.
 */
export const completePaylinkRecordStep = createStep(
  "complete-paylink-record",
  async (
    { checkout_id, order_id }: { checkout_id: string; order_id: string },
    { container }
  ) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    if ((await recordThatPaidOrder(container, order_id)) !== checkout_id) {
      const { number } = await paylink.retrievePaylinkCheckout(checkout_id)
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Payment link ${number} cannot be placed: its cart became order ${order_id} with another payment. Refund it by hand.`
      )
    }
    const { record } = await tieRecordToOrder(container, checkout_id, order_id)
    return new StepResponse(record)
  }
)

/**
 * The merchant refunded the customer outside Medusa (there is no refund call): recorded, final.
 * Refused while the link's payment is credited on an order: that order would go on showing it
 * paid with no money behind it.
 */
export const markPaylinkRefundedStep = createStep(
  "mark-paylink-refunded",
  async (
    { checkout_id, actor_id, note }: Settle & { note: string },
    { container }
  ) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    const current = await paylink.retrievePaylinkCheckout(checkout_id)
    const credited =
      current.status === "needs_attention"
        ? await orderCreditedWithLink(container, current)
        : null
    if (credited) {
      const order = credited.display_id
        ? `order #${credited.display_id}`
        : `order ${credited.id}`
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Payment link ${current.number} cannot be marked refunded: its payment is recorded on ${order}, which would then show it paid with no money behind it. ` +
          `Place order (Record payment for an admin link) ties the link to that order; to give the money back, refund the payment from the order.`
      )
    }
    // Only from needs_attention; a repeat leaves the first settlement as it was.
    const { record } = await paylink.transition(checkout_id, "refunded", {
      settled_by: actor_id,
      settled_at: new Date(),
      settlement_note: note,
    })
    return new StepResponse(record)
  }
)

/** Record payment settles only a link that needs attention. */
export const requirePaylinkNeedsAttentionStep = createStep(
  "require-paylink-needs-attention",
  async ({ checkout_id }: { checkout_id: string }, { container }) => {
    const record = await container
      .resolve<PaylinkModuleService>(PAYLINK_MODULE)
      .retrievePaylinkCheckout(checkout_id)
    if (record.status !== "needs_attention") {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Payment link ${record.number} is ${record.status}: only a link that needs attention can be settled.`
      )
    }
    const refused = refusedByReason(record as any)
    if (refused) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, refused.text)
    }
    return new StepResponse(record.number)
  }
)

/** The merchant's action is refused (a 400) with the settlement's reason when no order came of it. */
export const requirePaylinkSettledStep = createStep(
  "require-paylink-settled",
  async ({
    outcome,
    refusal,
  }: {
    outcome: { order_id: string | null; reason: string | null }
    refusal: string
  }) => {
    if (!outcome.order_id) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        outcome.reason ?? refusal
      )
    }
    return new StepResponse(outcome)
  }
)
