/**
 * The admin's "Create payment link" for what an order or a draft order still owes, under the order's
 * link lock so a double click makes one link (docs/architecture.md#admin-links).
 */
import {
  createHook,
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  acquireLockStep,
  createOrUpdateOrderPaymentCollectionWorkflow,
  createPaymentSessionsWorkflow,
  releaseLockStep,
  useQueryGraphStep,
} from "@medusajs/medusa/core-flows"
import {
  buildOrderSessionData,
  ORDER_PAYMENT_LINK_FIELDS,
  type OrderForPayment,
} from "../../../lib/order-links/order-payment-data"
import { validateOrderForPaymentLinkStep } from "../steps/validate-order-for-payment-link"
import { findLiveOrderLinkStep } from "../steps/find-live-order-link"
import { withdrawEarlierOrderLinksStep } from "../steps/withdraw-earlier-links"
import { readGatewayTextLanguageStep } from "../steps/read-gateway-text-language"
import type { PaylinkPaymentSession } from "./create-payment-link"

export type CreateOrderPaymentLinkInput = {
  order_id: string
  provider_id: string
  created_by?: string | null
}

/** Not the order id itself: Medusa's draft conversion takes that one, and must not wait on a link. */
export const orderLinkLockKey = (orderId: string) =>
  `paylink-order-link:${orderId}`

export const createOrderPaymentLinkWorkflow = createWorkflow(
  "create-paylink-order-payment-link",
  (input: CreateOrderPaymentLinkInput) => {
    const lockKey = transform({ input }, ({ input }) =>
      orderLinkLockKey(input.order_id)
    )
    // The lock outlives the longest service call allowed (timeoutMs up to 120 s).
    acquireLockStep({ key: lockKey, timeout: 30, ttl: 180 })
    const { data } = useQueryGraphStep({
      entity: "order",
      fields: ORDER_PAYMENT_LINK_FIELDS,
      filters: { id: input.order_id },
      options: { isList: false, throwIfKeyNotFound: true },
    })
    const order = transform(
      { data },
      ({ data }) => data as unknown as OrderForPayment
    )
    const charge = validateOrderForPaymentLinkStep({
      order,
      provider_id: input.provider_id,
    })
    const live = findLiveOrderLinkStep({
      order_id: input.order_id,
      provider_id: input.provider_id,
      cents: charge.cents,
    })

    const created = when(
      "paylink-order-needs-new-link",
      { live },
      ({ live }) => !live
    ).then(() => {
      const textLanguage = readGatewayTextLanguageStep()
      // Medusa's own workflow sets the not-paid collection to the outstanding amount.
      const collections =
        createOrUpdateOrderPaymentCollectionWorkflow.runAsStep({
          input: transform({ input }, ({ input }) => ({
            order_id: input.order_id,
          })),
        })
      const session = createPaymentSessionsWorkflow.runAsStep({
        input: transform(
          { collections, order, input, textLanguage },
          ({ collections, order, input, textLanguage }) => ({
            payment_collection_id: (Array.isArray(collections)
              ? collections[0]
              : (collections as any)
            )?.id as string,
            provider_id: input.provider_id,
            data: buildOrderSessionData(
              order!,
              input.provider_id,
              input.created_by ?? null,
              textLanguage
            ) as unknown as Record<string, unknown>,
          })
        ),
      })
      withdrawEarlierOrderLinksStep(
        transform({ session, input }, ({ session, input }) => ({
          order_id: input.order_id,
          keep_record_id:
            ((session as any)?.data?.paylink_checkout_id as
              string | undefined) ?? null,
        }))
      )
      return session
    })
    releaseLockStep({ key: lockKey })

    const payment_session = transform(
      { live, created },
      ({ live, created }) =>
        (live ?? created) as unknown as PaylinkPaymentSession
    )
    const reused = transform({ live }, ({ live }) => !!live)
    const orderPaylinkCreated = createHook("orderPaylinkCreated", {
      order_id: input.order_id,
      payment_session,
      reused,
    })
    return new WorkflowResponse(
      { payment_session, reused },
      { hooks: [orderPaylinkCreated] }
    )
  }
)
