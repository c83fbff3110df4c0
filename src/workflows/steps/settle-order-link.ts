/**
 * What a paid admin link does to its order: the payment recorded on the order (its outstanding
 * amount drops by what was paid) and a draft order converted to an order. Used by the return flow,
 * by the job that finishes interrupted returns, and by the merchant's settle action; each of them
 * ends with the record `completed` or, when the payment cannot be recorded as it stands, in
 * `needs_attention` with the reason. Never an error the customer is left with.
 */
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { convertDraftOrderWorkflow, createOrderPaymentCollectionWorkflow } from "@medusajs/medusa/core-flows"
import { PAYLINK_MODULE } from "../../modules/paylink"
import type PaylinkModuleService from "../../modules/paylink/service"
import { centsToDecimal, formatCents, toCents } from "../../lib/money"
import { resumeSessionData } from "../../lib/resume-session-data"
import { recordOrderLinkPaymentWorkflow } from "../record-order-link-payment"
import { orderLinkLockKey } from "../create-order-payment-link"
import { tieRecordToOrder } from "./paid-with"
import { attentionReason, type AttentionCode, type AttentionOrder, type AttentionParams, type AttentionReason } from "../../lib/attention-reason"

type Container = Pick<MedusaContainer, "resolve">

export type OrderLinkOutcome = { order_id: string | null; reason: string | null }

export type SettleOrderLinkOptions = {
  /** The return link's signature is genuine but its expiry has passed. */
  expired?: boolean
  /** The merchant settles a `needs_attention` record (recorded as theirs). */
  actor_id?: string
}

const errorText = (errors: any[] | undefined) => (errors?.[0]?.error as { message?: string } | undefined)?.message ?? "unknown error"

/**
 * Whether the session's payment is already credited to the order: Medusa's payment exists and each
 * of its captures is an order transaction. A payment without its transactions (a crash between the
 * two steps of recordOrderLinkPaymentWorkflow) is not: both steps are idempotent, so it is run again.
 */
export async function creditedToOrder(container: Container, sessionId: string, orderId: string): Promise<boolean> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "payment", fields: ["id", "captures.id"], filters: { payment_session_id: sessionId } })
  const captureIds = ((data[0] as any)?.captures ?? []).map((c: any) => c?.id as string).filter(Boolean) as string[]
  if (!captureIds.length) {
    return false
  }
  const transactions = await container.resolve(Modules.ORDER).listOrderTransactions(
    { order_id: orderId, reference: "capture", reference_id: captureIds },
    { select: ["reference_id"] }
  )
  const credited = new Set(transactions.map((t: any) => t.reference_id))
  return captureIds.every((id) => credited.has(id))
}

/** The order whose payment collection holds the session, never taken from the link or session data. */
export async function orderOfSession(container: Container, sessionId: string): Promise<string | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: sessions } = await query.graph({
    entity: "payment_session",
    fields: ["payment_collection_id"],
    filters: { id: sessionId },
    withDeleted: true,
  })
  const collectionId = sessions[0]?.payment_collection_id
  if (!collectionId) {
    return null
  }
  const { data: links } = await query.graph({ entity: "order_payment_collection", fields: ["order_id"], filters: { payment_collection_id: collectionId } })
  return (links[0]?.order_id as string | undefined) ?? null
}

/**
 * The payment session that carries the link now: the one it was made for or, when Medusa deleted
 * that one and its compensation re-created it under a new id (a failed switch to another gateway),
 * the session of the order's collections with this link's provider and record. The order is still
 * checked through the session's collection (orderOfSession), never taken from session data.
 */
export async function sessionOfLink(container: Container, record: { id: string; payment_session_id: string; order_id?: string | null; provider_id?: string | null }): Promise<string> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: same } = await query.graph({ entity: "payment_session", fields: ["id"], filters: { id: record.payment_session_id } })
  if (same[0] || !record.order_id) {
    return record.payment_session_id
  }
  const { data: orders } = await query.graph({
    entity: "order",
    fields: ["payment_collections.payment_sessions.id", "payment_collections.payment_sessions.provider_id", "payment_collections.payment_sessions.data"],
    filters: { id: record.order_id },
  })
  for (const collection of ((orders[0] as any)?.payment_collections ?? []) as any[]) {
    for (const session of collection?.payment_sessions ?? []) {
      if (session?.data?.paylink_checkout_id === record.id && session.provider_id === record.provider_id) {
        return session.id as string
      }
    }
  }
  return record.payment_session_id
}

type LinkRecord = {
  id: string
  number: number
  gateway: string
  provider_id?: string | null
  order_id?: string | null
  amount: unknown
  currency_code: string
  url?: string | null
  checkout_id?: string | null
}

/**
 * A new payment session for this very link on the order's open payment collection (or a new one
 * for the amount paid), as the merchant's "Place order" does for a cart: the provider reuses the
 * link (same record, checked by its signature), the service is not called, and no other session
 * is deleted.
 */
async function newSessionForLink(container: Container, record: LinkRecord, orderId: string): Promise<string> {
  const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const paid = toCents(record.amount as string)
  const { data } = await query.graph({ entity: "order", fields: ["payment_collections.id", "payment_collections.status"], filters: { id: orderId } })
  let collectionId = (((data[0] as any)?.payment_collections ?? []) as any[]).find((c) => c && (c.status === "not_paid" || c.status === "awaiting"))?.id as
    | string
    | undefined
  if (!collectionId) {
    const { result } = await createOrderPaymentCollectionWorkflow(container as MedusaContainer).run({ input: { order_id: orderId, amount: centsToDecimal(paid) } })
    collectionId = (Array.isArray(result) ? result[0] : (result as any)).id as string
  }
  const session = await container.resolve(Modules.PAYMENT).createPaymentSession(collectionId, {
    provider_id: record.provider_id!,
    amount: centsToDecimal(paid),
    currency_code: record.currency_code,
    data: resumeSessionData(record, paylink.getPluginOptions().secret),
  })
  return session.id
}

export type OrderRead = { id: string; display_id?: number | null; status?: string; is_draft_order?: boolean; summary?: { pending_difference?: unknown } | null }

const isDraft = (order: OrderRead) => order.status === "draft" || !!order.is_draft_order
export const orderRef = (order: OrderRead): AttentionOrder => ({ id: order.id, display_id: order.display_id ?? null, draft: isDraft(order) })

/**
 * A link pays exactly what its order owes when it is paid: on the return, any other amount is the
 * merchant's to settle. The merchant may still record it on an order that owes more (the rest
 * stays owed), never on one that owes less, and never on a draft that owes another amount: a
 * draft becomes an order only when it is paid in full.
 */
export function amountMismatch(record: { number: number; amount: unknown; currency_code: string }, order: OrderRead, byMerchant: boolean): AttentionReason | null {
  const paid = toCents(record.amount as string)
  const owed = toCents((order.summary?.pending_difference ?? 0) as string)
  if (owed === paid || (byMerchant && owed > paid && !isDraft(order))) {
    return null
  }
  return attentionReason("amount_mismatch", {
    number: record.number,
    target: "order",
    order: orderRef(order),
    currency: record.currency_code.toUpperCase(),
    paid: Number(paid),
    owed: Number(owed < 0n ? 0n : owed),
    remedy: owed < paid ? "less" : isDraft(order) ? "draft" : "more",
  })
}

/**
 * Why a withdrawn admin link was withdrawn, read from the order as it is now: an edit (or another
 * change) confirmed after the link was made, or a newer link; with what the order owes now.
 */
async function withdrawnReason(
  container: Container,
  record: { number: number; order_id?: string | null; amount: unknown; currency_code: string; created_at: Date | string }
): Promise<AttentionReason> {
  const base = { number: record.number, target: "order" as const }
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = record.order_id
    ? await query.graph({ entity: "order", fields: ["id", "display_id", "status", "is_draft_order", "summary.*"], filters: { id: record.order_id } })
    : { data: [] as any[] }
  const order = data[0] as OrderRead | undefined
  if (!order) {
    return attentionReason("withdrawn_order_missing", base)
  }
  const changes = await container
    .resolve(Modules.ORDER)
    .listOrderChanges({ order_id: order.id, status: "confirmed" }, { select: ["change_type", "confirmed_at"] })
  const after = changes.filter((c: any) => c.confirmed_at && new Date(c.confirmed_at).getTime() >= new Date(record.created_at).getTime())
  const owed = toCents((order.summary?.pending_difference ?? 0) as string)
  const params = {
    ...base,
    order: orderRef(order),
    currency: record.currency_code.toUpperCase(),
    owed: Number(owed < 0n ? 0n : owed),
    paid: Number(toCents(record.amount as string)),
  }
  const edited = after.some((c: any) => !c.change_type || c.change_type === "edit")
  return after.length
    ? attentionReason("withdrawn_order_changed", { ...params, change: edited ? "edited" : `changed (${after.map((c: any) => c.change_type).join(", ")})` })
    : attentionReason("withdrawn_order_unchanged", params)
}

/** The order a record names, as a reason names it (the id alone when it cannot be read). */
async function orderRefOf(container: Container, orderId: string | null | undefined): Promise<AttentionOrder | undefined> {
  if (!orderId) {
    return undefined
  }
  const { data } = await container
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({ entity: "order", fields: ["id", "display_id", "status", "is_draft_order"], filters: { id: orderId } })
  return data[0] ? orderRef(data[0] as OrderRead) : { id: orderId, display_id: null }
}

export async function settleOrderLink(container: Container, recordId: string, options: SettleOrderLinkOptions = {}): Promise<OrderLinkOutcome> {
  const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  const first = await paylink.retrievePaylinkCheckout(recordId)
  const locking = container.resolve(Modules.LOCKING)
  // Two returns of one link, or a return and the merchant, run one after the other.
  return await locking.execute(orderLinkLockKey(first.order_id ?? recordId), () => settle(container, recordId, options), { timeout: 30 })
}

async function settle(container: Container, recordId: string, { expired, actor_id }: SettleOrderLinkOptions): Promise<OrderLinkOutcome> {
  const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const record = await paylink.retrievePaylinkCheckout(recordId)
  // Moved to needs_attention or, already there, its reason replaced: the merchant reads what is true now.
  const handTo = async (reason: AttentionReason): Promise<OrderLinkOutcome> => {
    await paylink.handToMerchant(recordId, reason)
    return { order_id: null, reason: reason.text }
  }
  const attention = (code: AttentionCode, params: Omit<AttentionParams, "number"> = {}) =>
    handTo(attentionReason(code, { number: record.number, target: "order", ...params }))

  if (record.status === "completed" && record.order_id) {
    return { order_id: record.order_id, reason: null }
  }
  if (record.status === "refunded" || (record.status === "needs_attention" && !actor_id)) {
    return { order_id: null, reason: record.attention_reason ?? "" }
  }
  // A record already `returned` had its return verified in time (this is a late replay of it).
  if (expired && record.status !== "returned") {
    return await attention("return_link_expired")
  }
  if (record.status === "withdrawn") {
    return await handTo(await withdrawnReason(container, record))
  }
  if (record.status === "expired" || record.status === "failed") {
    return await attention(record.status === "expired" ? "link_expired" : "link_failed")
  }
  let sessionId = await sessionOfLink(container, record)
  let orderId = await orderOfSession(container, sessionId)
  // The store replaced this admin link (its session was deleted) and the customer paid it anyway:
  // the merchant records it on the order the admin made it for, through a new session for it.
  const needsSession = !orderId && !!actor_id && record.origin !== "storefront" && !!record.order_id && !!record.provider_id && !!record.url && !!record.checkout_id
  if (needsSession) {
    orderId = record.order_id!
  }
  if (!orderId || orderId !== record.order_id) {
    return await attention("session_not_of_order", { order: await orderRefOf(container, record.order_id) })
  }
  const { data: orders } = await query.graph({ entity: "order", fields: ["id", "display_id", "status", "is_draft_order", "summary.*"], filters: { id: orderId } })
  const order = orders[0] as any
  if (!order || order.status === "canceled") {
    return order ? await attention("order_canceled", { order: orderRef(order) }) : await attention("order_missing")
  }
  const alreadyRecorded = await creditedToOrder(container, sessionId, orderId)
  if (!alreadyRecorded) {
    const mismatch = amountMismatch(record, order, !!actor_id)
    if (mismatch) {
      return await handTo(mismatch)
    }
  }
  // From here on the record counts as returned, so the provider answers `captured` for its session.
  const started = await paylink.tryTransition(recordId, "returned", {
    returned_at: record.returned_at ?? new Date(),
    ...(actor_id ? { settled_by: actor_id, settled_at: new Date() } : { canceled_by: null, canceled_at: null }),
  })
  if (started.record.status !== "returned") {
    return await attention("status_changed", { status: started.record.status })
  }
  if (needsSession) {
    try {
      sessionId = await newSessionForLink(container, record, orderId)
    } catch (error) {
      const message = (error as Error)?.message ?? "unknown error"
      logger.warn(`paylink: link ${record.number} was paid but no payment session could be made for it on order ${orderId}: ${message}`)
      return await attention("session_failed", { order: orderRef(order), error: message })
    }
  }
  if (!alreadyRecorded) {
    const { errors } = await recordOrderLinkPaymentWorkflow(container as MedusaContainer).run({
      input: { payment_session_id: sessionId, order_id: orderId },
      throwOnError: false,
    })
    if (errors?.length) {
      logger.warn(`paylink: link ${record.number} was paid but recording it on order ${orderId} failed: ${errorText(errors)}`)
      return await attention("recording_failed", { order: orderRef(order), error: errorText(errors) })
    }
  }
  if (order.status === "draft" || order.is_draft_order) {
    const { errors } = await convertDraftOrderWorkflow(container as MedusaContainer).run({ input: { id: orderId }, throwOnError: false })
    if (errors?.length) {
      logger.warn(`paylink: link ${record.number} was paid but draft order ${orderId} could not be converted: ${errorText(errors)}`)
      return await attention("draft_conversion_failed", { order: orderRef(order), error: errorText(errors) })
    }
  }
  await tieRecordToOrder(container, recordId, orderId)
  if (needsSession) {
    // The link that replaced this one was made for what the order owed before this payment.
    await paylink.withdrawOpenLinksOfOrder(orderId, recordId)
  }
  return { order_id: orderId, reason: null }
}
