/**
 * A renewal's order, made once whatever stops it (docs/subscriptions.md#renewal-orders): Medusa's
 * createOrderWorkflow with the first order's goods, prices, addresses and shipping method, created
 * with the id the renewal chose when it was recorded, so an order that exists is found by that id
 * (and a second attempt at once fails on the primary key); then the renewal's amount recorded as
 * captured (a payment collection marked paid, as Medusa does for an order paid outside it). Each
 * part looks at what exists first, so running it again after a crash finishes the job.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  Modules,
  OrderWorkflowEvents,
} from "@medusajs/framework/utils"
import {
  capturePaymentWorkflow,
  createOrderPaymentCollectionWorkflow,
  createOrderWorkflow,
  markPaymentCollectionAsPaid,
  updateOrderTaxLinesWorkflow,
} from "@medusajs/medusa/core-flows"
import { MedusaError } from "@medusajs/framework/utils"
import { reserveRenewalInventoryWorkflow } from "../workflows/reserve-renewal-inventory"
import { centsToDecimal, toCents } from "../../../lib/common/money"
import { crashPoint } from "../../../lib/testing/crash-point"
import { INVENTORY_FIELDS } from "../../../lib/cart/cart-for-link"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"
import type {
  SubscriptionAddress,
  SubscriptionItem,
  SubscriptionShipping,
} from "../../../types/subscriptions"

/** Keys a renewal order carries in its metadata: the admin's order page links it to its subscription. */
export const RENEWAL_ORDER_KEYS = {
  subscription: "paylink_subscription_id",
  renewal: "paylink_renewal_id",
  chargedAt: "paylink_renewal_charged_at",
} as const

export type RenewalOrderOutcome =
  | { state: "made"; order_id: string; announced: boolean }
  | { state: "failed"; order_id: string; error: string }
  /** Stopped by something passing (the database, a provider): left `making` for the job. */
  | { state: "making"; order_id: string; error: string }
  | { state: "skipped" }

/** Medusa's refusals of the order itself: the merchant must fix something before it is made. */
const REFUSALS = new Set<string>([
  MedusaError.Types.INVALID_DATA,
  MedusaError.Types.NOT_FOUND,
  MedusaError.Types.NOT_ALLOWED,
])
const isRefusal = (error: unknown) =>
  MedusaError.isMedusaError(error) && REFUSALS.has((error as MedusaError).type)

type Query = {
  graph(q: {
    entity: string
    fields: string[]
    filters: Record<string, unknown>
  }): Promise<{ data: any[] }>
}

async function orderExists(query: Query, id: string) {
  const { data } = await query.graph({
    entity: "order",
    fields: ["id"],
    filters: { id },
  })
  return data.length > 0
}

const addressInput = (a: SubscriptionAddress | null) =>
  a
    ? Object.fromEntries(Object.entries(a).filter(([, v]) => v !== null))
    : undefined

/** The renewal order's input: the subscription's goods and shipping, at the first order's prices. */
function orderInput(
  orderId: string,
  sub: Record<string, any>,
  event: { id: string; at: Date | string }
) {
  const items = (sub.items as SubscriptionItem[]).map((i) => ({
    variant_id: i.variant_id ?? undefined,
    product_id: i.product_id ?? undefined,
    title: i.title,
    product_title: i.product_title ?? undefined,
    variant_title: i.variant_title ?? undefined,
    variant_sku: i.sku ?? undefined,
    thumbnail: i.thumbnail ?? undefined,
    quantity: i.quantity,
    unit_price: i.unit_price,
    is_tax_inclusive: i.is_tax_inclusive,
  }))
  const method = sub.shipping_method as SubscriptionShipping | null
  return {
    id: orderId,
    region_id: sub.region_id ?? undefined,
    sales_channel_id: sub.sales_channel_id ?? undefined,
    customer_id: sub.customer_id ?? undefined,
    email: sub.email ?? undefined,
    currency_code: sub.currency_code,
    shipping_address: addressInput(sub.shipping_address),
    billing_address: addressInput(sub.billing_address),
    items,
    shipping_methods: method
      ? [
          {
            name: method.name,
            amount: method.amount,
            shipping_option_id: method.shipping_option_id ?? undefined,
            is_tax_inclusive: method.is_tax_inclusive,
          },
        ]
      : [],
    metadata: {
      [RENEWAL_ORDER_KEYS.subscription]: sub.id,
      [RENEWAL_ORDER_KEYS.renewal]: event.id,
      [RENEWAL_ORDER_KEYS.chargedAt]: new Date(event.at).toISOString(),
    },
  }
}

/** Stock reserved for each item of a managed variant that has none yet (a run that stopped reserved some). */
async function reserveInventory(
  container: Pick<MedusaContainer, "resolve">,
  orderId: string
) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY) as Query
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "sales_channel_id",
      "items.*",
      ...INVENTORY_FIELDS.map((f) => `items.variant.${f}`),
    ],
    filters: { id: orderId },
  })
  const order = data[0]
  const managed = ((order?.items ?? []) as any[]).filter(
    (i) => i?.variant_id && i.variant?.manage_inventory
  )
  if (!managed.length) return
  const reserved = await container
    .resolve(Modules.INVENTORY)
    .listReservationItems(
      { line_item_id: managed.map((i) => i.id) },
      { select: ["id", "line_item_id"] }
    )
  const have = new Set(reserved.map((r: any) => r.line_item_id))
  const pending = managed.filter((i) => !have.has(i.id))
  if (!pending.length) return
  await reserveRenewalInventoryWorkflow(container as MedusaContainer).run({
    input: {
      sales_channel_id: order.sales_channel_id,
      variants: pending.map((i) => i.variant),
      items: pending.map((i) => ({
        id: i.id,
        variant_id: i.variant_id,
        quantity: i.quantity,
      })),
    },
  })
}

/** The renewal's amount recorded captured on the order, unless it is already. */
async function recordPayment(
  container: Pick<MedusaContainer, "resolve">,
  orderId: string,
  cents: bigint
) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY) as Query
  const read = async () =>
    (
      await query.graph({
        entity: "order",
        fields: [
          "id",
          "payment_collections.id",
          "payment_collections.status",
          "payment_collections.payments.id",
          "payment_collections.payments.amount",
          "payment_collections.payments.captured_at",
        ],
        filters: { id: orderId },
      })
    ).data[0]
  let collection = (await read())?.payment_collections?.[0]
  if (!collection) {
    await createOrderPaymentCollectionWorkflow(
      container as MedusaContainer
    ).run({ input: { order_id: orderId, amount: centsToDecimal(cents) } })
    collection = (await read())?.payment_collections?.[0]
  }
  if (collection.status === "not_paid") {
    await markPaymentCollectionAsPaid(container as MedusaContainer).run({
      input: { order_id: orderId, payment_collection_id: collection.id },
    })
    return
  }
  // Authorized and not captured: a process stopped between the two.
  for (const payment of collection.payments ?? []) {
    if (!payment.captured_at)
      await capturePaymentWorkflow(container as MedusaContainer).run({
        input: { payment_id: payment.id, amount: payment.amount },
      })
  }
  await addMissingTransactions(container, orderId)
}

/**
 * The order's transaction for each capture: Medusa's capture commits the capture, then writes the
 * order's transaction; a process stopped between the two leaves the order owing what was paid.
 */
async function addMissingTransactions(
  container: Pick<MedusaContainer, "resolve">,
  orderId: string
) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY) as Query
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "currency_code",
      "transactions.reference_id",
      "payment_collections.payments.captures.id",
      "payment_collections.payments.captures.amount",
    ],
    filters: { id: orderId },
  })
  const order = data[0]
  const recorded = new Set(
    (order?.transactions ?? []).map((t: any) => t?.reference_id)
  )
  const missing = (order?.payment_collections ?? [])
    .flatMap((c: any) => c?.payments ?? [])
    .flatMap((p: any) => p?.captures ?? [])
    .filter((c: any) => c && !recorded.has(c.id))
  if (!missing.length) return
  await container.resolve(Modules.ORDER).addOrderTransactions(
    missing.map((c: any) => ({
      order_id: orderId,
      amount: c.amount,
      currency_code: order.currency_code,
      reference: "capture",
      reference_id: c.id,
    }))
  )
}

/** A workflow's failure may be an Error or the plain object of its step's error: its message either way. */
const describe = (error: unknown) => {
  const message = (error as { message?: unknown } | null)?.message
  return typeof message === "string" ? message : String(error)
}

/**
 * Makes (or finishes) the order of a renewal in `making`; `failed` with Medusa's reason when the
 * order cannot be made (a variant deleted, out of stock): the merchant makes it again from the
 * subscription's timeline once that is fixed. The payment is not refused: the charge happened.
 */
export async function makeRenewalOrder(
  container: Pick<MedusaContainer, "resolve">,
  eventId: string
): Promise<RenewalOrderOutcome> {
  // One maker per renewal at a time (an apply, the job finishing a stopped one, the merchant's Make
  // order): the order's id keeps its order single, and this keeps its payment single.
  return await container
    .resolve(Modules.LOCKING)
    .execute(`paylink-renewal:${eventId}`, () => make(container, eventId), {
      timeout: 120,
    })
}

async function make(
  container: Pick<MedusaContainer, "resolve">,
  eventId: string
): Promise<RenewalOrderOutcome> {
  const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  const query = container.resolve(ContainerRegistrationKeys.QUERY) as Query
  const event = await paylink.retrievePaylinkSubscriptionEvent(eventId)
  if (event.order_state !== "making" || !event.order_id)
    return { state: "skipped" }
  const orderId = event.order_id
  const sub = await paylink.retrievePaylinkSubscription(event.subscription_id)
  try {
    if (!(await orderExists(query, orderId))) {
      try {
        await createOrderWorkflow(container as MedusaContainer).run({
          input: orderInput(orderId, sub, event) as any,
        })
      } catch (error) {
        // Another run made it meanwhile (the primary key refused this one), or Medusa refused it.
        if (!(await orderExists(query, orderId))) throw error
      }
    } else {
      // Made by a run that stopped: perhaps before Medusa computed its tax lines (they are replaced).
      await updateOrderTaxLinesWorkflow(container as MedusaContainer).run({
        input: { order_id: orderId },
      })
    }
    await crashPoint("renewal:order-created")
    await reserveInventory(container, orderId)
    await recordPayment(container, orderId, toCents(event.amount as any))
    await crashPoint("renewal:payment-recorded")
  } catch (error) {
    const reason = describe(error)
    if (!isRefusal(error))
      return { state: "making", order_id: orderId, error: reason }
    await paylink.settleRenewalOrder(eventId, "failed", reason)
    return { state: "failed", order_id: orderId, error: reason }
  }
  // Announced by the one run that marks it made, so a renewal order is announced at most once.
  const announced = await paylink.settleRenewalOrder(eventId, "made", null)
  if (announced) {
    await container.resolve(Modules.EVENT_BUS).emit({
      name: OrderWorkflowEvents.PLACED,
      data: { id: orderId },
    })
  }
  return { state: "made", order_id: orderId, announced }
}
