/**
 * The admin's "Create payment link" for an order's outstanding amount (an order edit, a claim or
 * exchange that added items, an order placed with manual payment) or for a draft order: the hosted
 * checkout for exactly what the order still owes, on a gateway its region allows, with the billing
 * from the order. The customer's return records the payment on the order (and converts a draft),
 * see completePaylinkReturnWorkflow.
 *
 * Under the order's own lock key for links, so a double click makes one link. A repeat request for
 * the same provider and amount while the link is live gets it back without calling the service;
 * anything else replaces it: Medusa's session creation deletes the collection's earlier sessions
 * (which withdraws their links), then every other open admin link of the order is withdrawn.
 */
import { createHook, createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  acquireLockStep,
  createOrUpdateOrderPaymentCollectionWorkflow,
  createPaymentSessionsWorkflow,
  releaseLockStep,
  useQueryGraphStep,
} from "@medusajs/medusa/core-flows"
import { buildOrderSessionData, ORDER_PAYMENT_LINK_FIELDS, type OrderForPayment } from "../../../lib/order-links/order-payment-data"
import { validateOrderForPaymentLinkStep } from "../steps/validate-order-for-payment-link"
import { findLiveOrderLinkStep } from "../steps/find-live-order-link"
import { withdrawEarlierOrderLinksStep } from "../steps/withdraw-earlier-links"
import type { PaylinkPaymentSession } from "./create-payment-link"

export type CreateOrderPaymentLinkInput = {
  order_id: string
  provider_id: string
  /** The admin user who asked for it. */
  created_by?: string | null
}

/** Not the order id itself: Medusa's draft conversion takes that one, and must not wait on a link. */
export const orderLinkLockKey = (orderId: string) => `paylink-order-link:${orderId}`

export const createOrderPaymentLinkWorkflow = createWorkflow(
  "create-paylink-order-payment-link",
  (input: CreateOrderPaymentLinkInput) => {
    const lockKey = transform({ input }, ({ input }) => orderLinkLockKey(input.order_id))
    // The lock outlives the longest service call allowed (timeoutMs up to 120 s).
    acquireLockStep({ key: lockKey, timeout: 30, ttl: 180 })
    const { data } = useQueryGraphStep({
      entity: "order",
      fields: ORDER_PAYMENT_LINK_FIELDS,
      filters: { id: input.order_id },
      options: { isList: false, throwIfKeyNotFound: true },
    })
    const order = transform({ data }, ({ data }) => data as unknown as OrderForPayment)
    const charge = validateOrderForPaymentLinkStep({ order, provider_id: input.provider_id })
    const live = findLiveOrderLinkStep({ order_id: input.order_id, provider_id: input.provider_id, cents: charge.cents })

    const created = when("paylink-order-needs-new-link", { live }, ({ live }) => !live).then(() => {
      // The order's not-paid collection, set to the outstanding amount (or a new one): Medusa's
      // own workflow, which reads the amount from the order's summary.
      const collections = createOrUpdateOrderPaymentCollectionWorkflow.runAsStep({
        input: transform({ input }, ({ input }) => ({ order_id: input.order_id })),
      })
      const session = createPaymentSessionsWorkflow.runAsStep({
        input: transform({ collections, order, input }, ({ collections, order, input }) => ({
          payment_collection_id: (Array.isArray(collections) ? collections[0] : (collections as any))?.id as string,
          provider_id: input.provider_id,
          data: buildOrderSessionData(order!, input.provider_id, input.created_by ?? null) as unknown as Record<string, unknown>,
        })),
      })
      withdrawEarlierOrderLinksStep(
        transform({ session, input }, ({ session, input }) => ({
          order_id: input.order_id,
          keep_record_id: ((session as any)?.data?.paylink_checkout_id as string | undefined) ?? null,
        }))
      )
      return session
    })
    releaseLockStep({ key: lockKey })

    const payment_session = transform({ live, created }, ({ live, created }) => (live ?? created) as unknown as PaylinkPaymentSession)
    const reused = transform({ live }, ({ live }) => !!live)
    const orderPaylinkCreated = createHook("orderPaylinkCreated", { order_id: input.order_id, payment_session, reused })
    return new WorkflowResponse({ payment_session, reused }, { hooks: [orderPaylinkCreated] })
  }
)
