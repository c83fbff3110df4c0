/**
 * Creates a payment session (and with it the hosted checkout) for a cart, with billing, items and
 * description taken from the cart on the server. This is the storefront's one call for a guest.
 */
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  createPaymentCollectionForCartWorkflow,
  createPaymentSessionsWorkflow,
  useQueryGraphStep,
} from "@medusajs/medusa/core-flows"
import { buildPaymentDataFromCart, CART_PAYMENT_FIELDS, type CartForPayment } from "../lib/cart-payment-data"
import { validateCartForPaymentLinkStep } from "./steps/validate-cart-for-payment-link"

export type CreatePaymentLinkInput = { cart_id: string; provider_id: string; customer_id?: string }

export const createPaymentLinkWorkflow = createWorkflow(
  "create-paylink-payment-link",
  (input: CreatePaymentLinkInput) => {
    const { data: carts } = useQueryGraphStep({
      entity: "cart",
      fields: CART_PAYMENT_FIELDS,
      filters: { id: input.cart_id },
    })
    const cart = transform({ carts }, ({ carts }) => (carts[0] ?? null) as (CartForPayment & {
      completed_at?: unknown
      payment_collection?: { id: string } | null
    }) | null)
    validateCartForPaymentLinkStep({ cart, cart_id: input.cart_id, provider_id: input.provider_id })

    const created = when("paylink-needs-payment-collection", { cart }, ({ cart }) => !cart?.payment_collection?.id).then(
      () => createPaymentCollectionForCartWorkflow.runAsStep({ input: { cart_id: input.cart_id } })
    )

    const sessionInput = transform({ cart, created, input }, ({ cart, created, input }) => ({
      payment_collection_id: (cart!.payment_collection?.id ?? created?.id) as string,
      provider_id: input.provider_id,
      customer_id: input.customer_id,
      data: buildPaymentDataFromCart(cart!),
    }))
    const session = createPaymentSessionsWorkflow.runAsStep({ input: sessionInput })
    return new WorkflowResponse(session)
  }
)
