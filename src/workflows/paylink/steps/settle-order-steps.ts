/**
 * The steps of an admin link's settlement (settle-paylink-order): the payment recorded on its
 * order and a draft order converted, or the record handed to the merchant with the reason
 * (settlement/order-disposition.ts decides which). Each acts only on the `next` that names it.
 */
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { settlementStep } from "./settlement-step"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import {
  convertDraftOrderWorkflow,
  createOrderPaymentCollectionWorkflow,
} from "@medusajs/medusa/core-flows"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"
import { centsToDecimal, toCents } from "../../../lib/common/money"
import { resumeSessionData } from "../../../lib/cart/resume-session-data"
import { attentionReason } from "../../../lib/attention/attention-reason"
import type { Disposition } from "../../../lib/settlement/disposition"
import { done, nextAfter, orderStart } from "../../../lib/settlement/next"
import {
  orderLinkDisposition,
  orderLinkStatusDisposition,
} from "../../../lib/settlement/order-disposition"
import {
  handToMerchant,
  readOrderFacts,
  withdrawnReason,
} from "../../../lib/settlement/reads"
import { errorText, type SettleInput } from "./settlement-common"

type Container = Pick<MedusaContainer, "resolve">

export const readOrderSettlementStep = createStep(
  "read-paylink-order-settlement",
  async (input: SettleInput, { container }) => {
    const record = await container
      .resolve<PaylinkModuleService>(PAYLINK_MODULE)
      .retrievePaylinkCheckout(input.record_id)
    const early = orderLinkStatusDisposition(record as any, input)
    const disposition: Disposition =
      early === "withdrawn"
        ? {
            kind: "hand_to_merchant",
            reason: await withdrawnReason(container, record),
          }
        : (early ??
          orderLinkDisposition(
            await readOrderFacts(container, record as any),
            input
          ))
    return new StepResponse(orderStart(disposition, record, input.actor_id))
  }
)

/**
 * From here on the record counts as returned, so the provider answers `captured` for its session.
 * The merchant's Record payment is recorded as theirs. No compensation: a verified return stays
 * `returned` for the stranded-returns job.
 */
export const claimOrderReturnStep = settlementStep(
  "claim-paylink-order-return",
  "claim_order_return",
  async (s, { container }) => {
    const { pay } = s
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    // `returned_at` is written only when unset (the first return's time stays): no read first.
    const started = await paylink.tryTransition(pay.record_id, "returned", {
      returned_at: new Date(),
      ...(pay.actor_id
        ? { settled_by: pay.actor_id, settled_at: new Date() }
        : { canceled_by: null, canceled_at: null }),
    })
    if (started.record.status !== "returned") {
      const reason = attentionReason("status_changed", {
        number: started.record.number,
        target: "order",
        status: started.record.status,
      })
      return done(await handToMerchant(container, pay.record_id, reason))
    }
    return nextAfter("claim_order_return", pay)
  }
)

/**
 * A new payment session for this very link on the order's open payment collection (or a new one
 * for the amount paid), as the merchant's "Place order" does for a cart: the provider reuses the
 * link (same record, checked by its signature), the service is not called, and no other session
 * is deleted.
 */
async function newSessionForLink(
  container: Container,
  recordId: string,
  orderId: string
): Promise<string> {
  const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  const record = await paylink.retrievePaylinkCheckout(recordId)
  if (!record.provider_id) {
    throw new Error("the link has no payment provider")
  }
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const paid = toCents(record.amount as any)
  const { data } = await query.graph({
    entity: "order",
    fields: ["payment_collections.id", "payment_collections.status"],
    filters: { id: orderId },
  })
  let collectionId = (
    ((data[0] as any)?.payment_collections ?? []) as any[]
  ).find((c) => c && (c.status === "not_paid" || c.status === "awaiting"))
    ?.id as string | undefined
  if (!collectionId) {
    const { result } = await createOrderPaymentCollectionWorkflow(
      container as MedusaContainer
    ).run({ input: { order_id: orderId, amount: centsToDecimal(paid) } })
    collectionId = (Array.isArray(result) ? result[0] : (result as any))
      .id as string
  }
  const session = await container
    .resolve(Modules.PAYMENT)
    .createPaymentSession(collectionId, {
      provider_id: record.provider_id,
      amount: centsToDecimal(paid),
      currency_code: record.currency_code,
      data: resumeSessionData(record, paylink.getPluginOptions().secret),
    })
  return session.id
}

/** The store replaced this link (its session is gone): a new session for it, or the merchant is told why not. */
export const makeLinkSessionStep = settlementStep(
  "make-paylink-order-session",
  "make_session",
  async (s, { container }) => {
    const { pay } = s
    try {
      const sessionId = await newSessionForLink(
        container,
        pay.record_id,
        pay.order_id
      )
      return nextAfter("make_session", { ...pay, session_id: sessionId })
    } catch (error) {
      const message = (error as Error)?.message ?? "unknown error"
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(
          `paylink: link ${pay.number}: no payment session could be made for it on order ${pay.order_id}: ${message}`
        )
      const reason = attentionReason("session_failed", {
        number: pay.number,
        target: "order",
        order: pay.order,
        error: message,
      })
      return done(await handToMerchant(container, pay.record_id, reason))
    }
  }
)

/** A draft order becomes an order once paid in full (the disposition let only such a draft through). */
export const convertPaidDraftStep = settlementStep(
  "convert-paylink-paid-draft",
  "convert_draft",
  async (s, { container }) => {
    const { pay } = s
    const { errors } = await convertDraftOrderWorkflow(
      container as MedusaContainer
    ).run({ input: { id: pay.order_id }, throwOnError: false })
    if (errors?.length) {
      const error = errorText(errors, "unknown error")
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(
          `paylink: link ${pay.number}: draft order ${pay.order_id} could not be converted: ${error}`
        )
      const reason = attentionReason("draft_conversion_failed", {
        number: pay.number,
        target: "order",
        order: pay.order,
        error,
      })
      return done(await handToMerchant(container, pay.record_id, reason))
    }
    return nextAfter("convert_draft", pay)
  }
)
