/**
 * A paid subscription link becomes a subscription once its first order exists: called where a record
 * is tied to its order (every way a link's order is placed passes there), and by a reconciliation's
 * read for a link whose call was missed (a crash in between). Idempotent: the link's unique index
 * keeps one subscription.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { toCents } from "../common/money"
import { gatewayDefinition, type Gateway } from "../paylink/gateways"
import { FIRST_ORDER_FIELDS, snapshotOf, type FirstOrder } from "./first-order"
import { planOf } from "./schedule"
import { PAYLINK_MODULE } from "../../modules/paylink"
import type PaylinkModuleService from "../../modules/paylink/services/paylink-module"

/**
 * Makes the subscription of each record given that is a paid subscription link with an order, and
 * answers the ids of the records that have one now (made here or before).
 */
export async function subscribeFirstOrders(
  container: Pick<MedusaContainer, "resolve">,
  recordIds: string[]
): Promise<string[]> {
  if (!recordIds.length) return []
  const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  const records = (
    await paylink.listPaylinkCheckouts(
      { id: recordIds },
      {
        select: [
          "id",
          "number",
          "checkout_id",
          "provider_id",
          "gateway",
          "status",
          "order_id",
          "amount",
          "currency_code",
          "returned_at",
          "completed_at",
          "attention_detail",
          "plan",
        ],
      }
    )
  ).filter(
    (r) =>
      gatewayDefinition(r.gateway as Gateway).recurring &&
      r.status === "completed" &&
      !!r.order_id
  )
  if (!records.length) return []
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: FIRST_ORDER_FIELDS,
    filters: { id: records.map((r) => r.order_id!) },
  })
  const orders = new Map(
    (data as unknown as FirstOrder[]).map((o) => [o.id, o])
  )
  const subscribed: string[] = []
  for (const record of records) {
    const order = orders.get(record.order_id!)
    if (!order) continue
    const snapshot = snapshotOf(order)
    // The first payment: the report's row that handed the link to the merchant (their Place order
    // came later), else the customer's return, else the order.
    const reported = (
      record.attention_detail as {
        params?: { report?: { paid_at?: unknown } }
      } | null
    )?.params?.report?.paid_at
    const startedAt =
      (typeof reported === "string" ? reported : null) ??
      record.returned_at ??
      record.completed_at ??
      order.created_at ??
      new Date()
    await paylink.createSubscription({
      checkout_record_id: record.id,
      number: Number(record.number),
      checkout_id: record.checkout_id ?? null,
      provider_id: record.provider_id ?? null,
      first_order_id: order.id,
      customer_id: order.customer_id ?? null,
      email: order.email ?? null,
      region_id: order.region_id ?? null,
      sales_channel_id: order.sales_channel_id ?? null,
      ...snapshot,
      plan: planOf(record.plan),
      cents: toCents(record.amount as unknown as string),
      currency_code: record.currency_code,
      started_at: new Date(startedAt),
    })
    subscribed.push(record.id)
  }
  return subscribed
}
