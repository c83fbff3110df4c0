/**
 * Steps both settlements (settle-paylink-cart, settle-paylink-order) run: the lock, the hand-over
 * to the merchant, the payment recorded on the order, the tie of the record. Each acts only on the
 * `next` that names it. None compensates (docs/architecture.md#why-no-settlement-step-compensates).
 */
import { randomUUID } from "node:crypto"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { settlementStep } from "./settlement-step"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"
import { attentionReason } from "../../../lib/attention/attention-reason"
import { recordOrderLinkPaymentWorkflow } from "../workflows/record-order-link-payment"
import { orderLinkLockKey } from "../workflows/create-order-payment-link"
import {
  recordThatPaidOrder,
  tieRecordToOrder,
} from "../../../lib/settlement/paid-with"
import { announceRecoveredOrder } from "../../../lib/settlement/announce-recovered-order"
import { handToMerchant } from "../../../lib/settlement/reads"
import { done, nextAfter } from "../../../lib/settlement/next"

/** Serializes the settlements of one cart (a return, its replay, the job, the merchant). */
export const cartLinkSettlementLockKey = (cartOrRecordId: string) =>
  `paylink-settle-cart:${cartOrRecordId}`

export type SettleInput = {
  record_id: string
  expired?: boolean
  actor_id?: string
}

export const errorText = (errors: any[] | undefined, otherwise: string) =>
  (errors?.[0]?.error as { message?: string } | undefined)?.message ?? otherwise

/**
 * The lock a settlement takes: a storefront link's cart settlement lock (not the cart's own, which
 * Medusa's completion takes inside), or an admin link's order link lock; `owner` is this run's
 * own, so that a cancelled settlement releases only its own hold (docs/architecture.md#the-settlement-lock).
 */
export const settlementLockStep = createStep(
  "paylink-settlement-lock",
  async ({ record_id }: SettleInput, { container }) => {
    const record = await container
      .resolve<PaylinkModuleService>(PAYLINK_MODULE)
      .retrievePaylinkCheckout(record_id)
    const cart = (record.origin ?? "storefront") === "storefront"
    const key = cart
      ? cartLinkSettlementLockKey(record.cart_id ?? record_id)
      : orderLinkLockKey(record.order_id ?? record_id)
    return new StepResponse({
      key,
      cart,
      owner: `paylink-settlement:${randomUUID()}`,
    })
  }
)

/** Moved to `needs_attention` or, already there, its reason replaced: the merchant reads what is true now. */
export const handPaylinkToMerchantStep = settlementStep(
  "hand-paylink-to-merchant",
  "hand",
  async (s, { container }) => {
    return done(await handToMerchant(container, s.record_id, s.reason))
  }
)

/**
 * The link's payment recorded on the order (recordOrderLinkPaymentWorkflow), run on its own so
 * that its failure is an answer: the record goes to the merchant with Medusa's error. A cart's
 * order must then show the link as the payment Medusa accepted on it.
 */
export const recordPaylinkPaymentStep = settlementStep(
  "record-paylink-payment-on-order",
  "record_payment",
  async (s, { container }) => {
    const { pay } = s
    const { errors } = pay.session_id
      ? await recordOrderLinkPaymentWorkflow(container as MedusaContainer).run({
          input: { payment_session_id: pay.session_id, order_id: pay.order_id },
          throwOnError: false,
        })
      : {
          errors: [
            {
              error: {
                message: "the link has no payment session on the order",
              },
            },
          ],
        }
    const params = { number: pay.number, target: pay.target, order: pay.order }
    if (errors?.length) {
      const error = errorText(
        errors,
        pay.target === "cart" ? "no order was created" : "unknown error"
      )
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(
          `paylink: link ${pay.number}: recording its payment on order ${pay.order_id} failed: ${error}`
        )
      return done(
        await handToMerchant(
          container,
          pay.record_id,
          attentionReason("recording_failed", { ...params, error })
        )
      )
    }
    if (
      pay.target === "cart" &&
      (await recordThatPaidOrder(container, pay.order_id)) !== pay.record_id
    ) {
      return done(
        await handToMerchant(
          container,
          pay.record_id,
          attentionReason("payment_not_accepted", params)
        )
      )
    }
    return nextAfter("record_payment", pay)
  }
)

/**
 * The record `completed` on its order, linked to it. An owed order.placed is announced first: a
 * completed record is never recovered again, so an announcement still owed after the tie would
 * be lost. A link paid after the store replaced it withdraws the replacement, made for what the
 * order owed before this payment.
 */
export const tiePaylinkRecordStep = settlementStep(
  "tie-paylink-record-to-order",
  "tie",
  async (s, { container }) => {
    const { pay } = s
    if (pay.announce) {
      await announceRecoveredOrder(container, pay.record_id, pay.order_id)
    }
    await tieRecordToOrder(container, pay.record_id, pay.order_id)
    if (pay.withdraw_others) {
      await container
        .resolve<PaylinkModuleService>(PAYLINK_MODULE)
        .withdrawOpenLinksOfOrder(pay.order_id, pay.record_id)
    }
    return done({ order_id: pay.order_id, reason: null })
  }
)
