/**
 * Steps every settlement (settle-paylink-checkout) runs: which lock it takes, the hand-over to the
 * merchant, recording the link's payment on an order, and the tie of the record to its order.
 * None compensates: the customer did pay, whatever happens next; a record left `returned` is
 * finished by the stranded-returns job.
 */
import { randomUUID } from "node:crypto"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"
import { attentionReason, type AttentionOrder, type AttentionReason, type AttentionTarget } from "../../../lib/attention/attention-reason"
import { recordOrderLinkPaymentWorkflow } from "../workflows/record-order-link-payment"
import { orderLinkLockKey } from "../workflows/create-order-payment-link"
import { recordThatPaidOrder, tieRecordToOrder } from "../../../lib/settlement/paid-with"
import { announceRecoveredOrder } from "../../../lib/settlement/announce-recovered-order"
import { handToMerchant } from "../../../lib/settlement/reads"
import type { SettleOutcome } from "../../../lib/settlement/disposition"

/** Serializes the settlements of one cart (a return, its replay, the job, the merchant). */
export const cartLinkSettlementLockKey = (cartOrRecordId: string) => `paylink-settle-cart:${cartOrRecordId}`

export type SettleInput = { record_id: string; expired?: boolean; actor_id?: string }

export const errorText = (errors: any[] | undefined, otherwise: string) =>
  (errors?.[0]?.error as { message?: string } | undefined)?.message ?? otherwise

/**
 * A storefront link settles under its cart's settlement lock (not the cart's own lock:
 * completeCartWorkflow, run inside, takes that one itself); an admin link under its order's link
 * lock, which a new link for the order also takes. `owner` is this run's own: a merchant's refused
 * Place order or Record payment cancels the settlement after it gave the lock back, and
 * acquireLockStep's compensation then releases the key; without an owner that release would take
 * the lock from whoever holds it by then (the next settlement, a new link for the order).
 */
export const settlementLockStep = createStep("paylink-settlement-lock", async ({ record_id }: SettleInput, { container }) => {
  const record = await container.resolve<PaylinkModuleService>(PAYLINK_MODULE).retrievePaylinkCheckout(record_id)
  const cart = (record.origin ?? "storefront") === "storefront"
  const key = cart ? cartLinkSettlementLockKey(record.cart_id ?? record_id) : orderLinkLockKey(record.order_id ?? record_id)
  return new StepResponse({ key, cart, owner: `paylink-settlement:${randomUUID()}` })
})

/** Moved to `needs_attention` or, already there, its reason replaced: the merchant reads what is true now. */
export const handPaylinkToMerchantStep = createStep(
  "hand-paylink-to-merchant",
  async ({ record_id, reason }: { record_id: string; reason: AttentionReason }, { container }) =>
    new StepResponse<SettleOutcome>(await handToMerchant(container, record_id, reason))
)

type RecordPaymentInput = {
  record_id: string
  number: number
  session_id: string
  order_id: string
  order: AttentionOrder
  target: AttentionTarget
  /** A cart's order: the link must be the payment Medusa accepted on it. */
  verify_paid_by?: boolean
}

/**
 * The link's payment recorded on the order (recordOrderLinkPaymentWorkflow), run on its own so
 * that its failure is an answer: the record goes to the merchant with Medusa's error.
 */
export const recordPaylinkPaymentStep = createStep(
  "record-paylink-payment-on-order",
  async (input: RecordPaymentInput, { container }) => {
    const { errors } = await recordOrderLinkPaymentWorkflow(container as MedusaContainer).run({
      input: { payment_session_id: input.session_id, order_id: input.order_id },
      throwOnError: false,
    })
    const params = { number: input.number, target: input.target, order: input.order }
    if (errors?.length) {
      const error = errorText(errors, input.target === "cart" ? "no order was created" : "unknown error")
      container.resolve(ContainerRegistrationKeys.LOGGER).warn(`paylink: link ${input.number}: recording its payment on order ${input.order_id} failed: ${error}`)
      return new StepResponse({ outcome: await handToMerchant(container, input.record_id, attentionReason("recording_failed", { ...params, error })) })
    }
    if (input.verify_paid_by && (await recordThatPaidOrder(container, input.order_id)) !== input.record_id) {
      return new StepResponse({ outcome: await handToMerchant(container, input.record_id, attentionReason("payment_not_accepted", params)) })
    }
    return new StepResponse({ outcome: null as SettleOutcome | null })
  }
)

type TieInput = { record_id: string; order_id: string; announce?: boolean; withdraw_others?: boolean }

/**
 * The record `completed` on its order, linked to it. An owed order.placed is announced first: a
 * completed record is never recovered again, so an announcement still owed after the tie would
 * be lost. A link paid after the store replaced it withdraws the replacement, made for what the
 * order owed before this payment.
 */
export const tiePaylinkRecordStep = createStep("tie-paylink-record-to-order", async (input: TieInput, { container }) => {
  if (input.announce) {
    await announceRecoveredOrder(container, input.record_id, input.order_id)
  }
  await tieRecordToOrder(container, input.record_id, input.order_id)
  if (input.withdraw_others) {
    await container.resolve<PaylinkModuleService>(PAYLINK_MODULE).withdrawOpenLinksOfOrder(input.order_id, input.record_id)
  }
  return new StepResponse<SettleOutcome>({ order_id: input.order_id, reason: null })
})
