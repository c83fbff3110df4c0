/**
 * Creates the cart's payment link (a payment session whose provider makes the hosted checkout),
 * with billing, items and description read from the cart on the server. Both storefront paths run
 * it: the plugin's POST /store/carts/:id/payment-link and Medusa's own payment-sessions route.
 *
 * A cart with a paid link the store has not settled yet (`returned`, `needs_attention`) is refused
 * first, before anything is read, written or sent: the customer would pay twice. It is checked
 * again once the new link exists, before the lock is released: a paid return does not take this
 * lock (see below), so it may land while the service makes the new link. Then the workflow fails
 * and rolls back: the new session is deleted (its link withdrawn, its URL never sent) and Medusa
 * re-creates the session it had deleted, with the paid link's data (the provider reuses that link,
 * no service call), so that the return completes the cart with it: one order, paid once.
 *
 * Why the return does not take this lock instead: Medusa deletes the cart's old session (which
 * withdraws its link) as it asks the service for the new one, so a return that waited for this
 * lock would find its link withdrawn and the new link already sent: paid twice, only flagged. And
 * completeCartWorkflow takes this lock itself, so the return could not hold it through the order.
 * A return that finds its link withdrawn marks it paid at once (which this second check sees),
 * then waits for this lock and places the order if the rollback gave the cart its session back
 * (paylink/steps/settle-cart-steps.ts, placeIfLinkRestored).
 *
 * Under the cart's lock: Medusa skips the locks of nested workflows, so this one takes it, and
 * parallel requests for one cart run one after the other. A repeat request while the cart's link
 * for the same provider and total is live gets that link back without calling the service; any
 * other request replaces it (Medusa deletes the old session, which withdraws its link) and then
 * withdraws whatever else of the cart might still be open at the service.
 */
import type { PaymentSessionDTO } from "@medusajs/framework/types"
import { createHook, createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  acquireLockStep,
  confirmVariantInventoryWorkflow,
  createPaymentCollectionForCartWorkflow,
  createPaymentSessionsWorkflow,
  releaseLockStep,
  validateCartStep,
} from "@medusajs/medusa/core-flows"
import { buildSessionData, type CartForPayment } from "../../../lib/cart/cart-payment-data"
import type { CartForCompletion } from "../../../lib/cart/cart-completion"
import { validateCartForPaymentLinkStep } from "../steps/validate-cart-for-payment-link"
import { readCartForLinkStep } from "../steps/read-cart-for-link"
import { findLivePaymentLinkStep } from "../steps/find-live-payment-link"
import { withdrawEarlierCartLinksStep } from "../steps/withdraw-earlier-links"
import { refuseIfPaidMeanwhileStep, refuseWhilePaidLinkStep } from "../steps/refuse-while-paid-link"
import type { PaylinkSessionData } from "../../../types/paylink"

export type CreatePaymentLinkInput = {
  cart_id: string
  provider_id: string
  customer_id?: string
  /** Billing the storefront sent, for a cart that has none (fills the gateway's form only). */
  billing?: Record<string, unknown> | null
  /** The cart's payment collection when the caller already resolved it (Medusa's payment-sessions route). */
  payment_collection_id?: string | null
}

/**
 * A payment-link session as createPaymentLinkWorkflow and createOrderPaymentLinkWorkflow answer it
 * and their hooks (paylinkCreated, orderPaylinkCreated) get it.
 */
export type PaylinkPaymentSession = PaymentSessionDTO & { data: PaylinkSessionData }

type CartForLink = CartForPayment &
  CartForCompletion & {
    total: unknown
    sales_channel_id?: string | null
    items?: any[] | null
    payment_collection?: { id: string } | null
  }

export const createPaymentLinkWorkflow = createWorkflow(
  "create-paylink-payment-link",
  (input: CreatePaymentLinkInput) => {
    // The lock outlives the longest service call allowed (timeoutMs up to 120 s).
    acquireLockStep({ key: input.cart_id, timeout: 30, ttl: 180 })
    // Before anything else: a cart whose paid link the store has not settled gets no new one.
    const candidates = refuseWhilePaidLinkStep({ cart_id: input.cart_id, provider_id: input.provider_id })
    const data = readCartForLinkStep({ cart_id: input.cart_id, payment_collection_id: input.payment_collection_id })
    const cart = transform({ data }, ({ data }) => data as unknown as CartForLink)
    validateCartStep({ cart: cart as any })
    validateCartForPaymentLinkStep({
      cart,
      cart_id: input.cart_id,
      provider_id: input.provider_id,
      billing_from_storefront: transform({ input }, ({ input }) =>
        ["name", "surname"].every((k) => typeof input.billing?.[k] === "string" && (input.billing[k] as string).trim())
      ),
    })
    // The same check cart completion runs before it reserves stock; it has nothing to check (and
    // is not started) when no variant manages its inventory.
    when("paylink-inventory-managed", { cart }, ({ cart }) => (cart?.items ?? []).some((i: any) => i?.variant?.manage_inventory)).then(() =>
      confirmVariantInventoryWorkflow.runAsStep({
        input: transform({ cart }, ({ cart }) => {
          const variants = new Map<string, unknown>()
          for (const item of cart!.items ?? []) {
            if (item?.variant) variants.set(item.variant_id, item.variant)
          }
          return {
            sales_channel_id: cart!.sales_channel_id ?? "",
            variants: [...variants.values()],
            items: (cart!.items ?? []).map((i: any) => ({ id: i.id, variant_id: i.variant_id, quantity: i.quantity })),
          } as any
        }),
      })
    )

    const live = findLivePaymentLinkStep({ cart, provider_id: input.provider_id, candidates })

    const createdCollection = when("paylink-needs-payment-collection", { cart, live }, ({ cart, live }) => !live && !cart?.payment_collection?.id).then(
      () => createPaymentCollectionForCartWorkflow.runAsStep({ input: { cart_id: input.cart_id } })
    )
    const created = when("paylink-needs-new-link", { live }, ({ live }) => !live).then(() => {
      const session = createPaymentSessionsWorkflow.runAsStep({
        input: transform({ cart, createdCollection, input }, ({ cart, createdCollection, input }) => ({
          payment_collection_id: (cart!.payment_collection?.id ?? createdCollection?.id) as string,
          provider_id: input.provider_id,
          customer_id: input.customer_id,
          // The provider is not told its own id; the record keeps it for the merchant's "Place order".
          data: buildSessionData(cart!, input.provider_id, input.billing),
        })),
      })
      const earlier = withdrawEarlierCartLinksStep(
        transform({ session, input }, ({ session, input }) => ({
          cart_id: input.cart_id,
          keep_record_id: ((session as any)?.data?.paylink_checkout_id as string | undefined) ?? null,
        }))
      )
      // A paid return may have landed while the service made this link: then it is rolled back.
      refuseIfPaidMeanwhileStep({ cart_id: input.cart_id, paid: earlier.paid })
      return session
    })
    releaseLockStep({ key: input.cart_id })

    const payment_session = transform({ live, created }, ({ live, created }) => (live ?? created) as unknown as PaylinkPaymentSession)
    const reused = transform({ live }, ({ live }) => !!live)
    const paylinkCreated = createHook("paylinkCreated", { cart_id: input.cart_id, payment_session, reused })
    return new WorkflowResponse({ payment_session, reused }, { hooks: [paylinkCreated] })
  }
)
