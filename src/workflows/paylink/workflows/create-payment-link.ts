/**
 * Creates the cart's payment link under the cart's lock, for both storefront paths (the plugin's
 * route and Medusa's payment-sessions route). Why a paid link is refused twice, before and after the
 * new one: docs/architecture.md#a-paid-return-racing-a-new-link.
 */
import type { PaymentSessionDTO } from "@medusajs/framework/types"
import {
  createHook,
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  acquireLockStep,
  confirmVariantInventoryWorkflow,
  createPaymentCollectionForCartWorkflow,
  createPaymentSessionsWorkflow,
  releaseLockStep,
  validateCartStep,
} from "@medusajs/medusa/core-flows"
import {
  buildSessionData,
  type CartForPayment,
} from "../../../lib/cart/cart-payment-data"
import { gatewayTextLanguage } from "../../../lib/common/gateway-text"
import { shopperLanguage } from "../../../lib/common/language"
import { readGatewayTextLanguageStep } from "../steps/read-gateway-text-language"
import type { CartForCompletion } from "../../../lib/cart/cart-completion"
import { validateCartForPaymentLinkStep } from "../steps/validate-cart-for-payment-link"
import { readCartForLinkStep } from "../steps/read-cart-for-link"
import { findLivePaymentLinkStep } from "../steps/find-live-payment-link"
import { withdrawEarlierCartLinksStep } from "../steps/withdraw-earlier-links"
import {
  refuseIfPaidMeanwhileStep,
  refuseWhilePaidLinkStep,
} from "../steps/refuse-while-paid-link"
import type { PaylinkSessionData } from "../../../types/paylink"

export type CreatePaymentLinkInput = {
  cart_id: string
  provider_id: string
  customer_id?: string
  /** For a cart that has none (fills the gateway's form only). */
  billing?: Record<string, unknown> | null
  /** When the caller already resolved it (Medusa's payment-sessions route). */
  payment_collection_id?: string | null
  /**
   * The store call's `x-medusa-locale` and Accept-Language (lib/common/language.ts
   * `requestLocales`): with the cart's stored locale between them, the shopper's language, which
   * the return pages speak. Without any, the returning browser's Accept-Language decides.
   */
  locale_header?: string | null
  accept_language?: string | null
  /**
   * The hosted page the shopper was sent to and came back from without a success return (the
   * plugin's route only). When it is the cart's live link and its gateway has no cancel address,
   * that link is not handed back: a new one replaces it.
   */
  left_url?: string | null
}

/** As the create workflows answer it and their hooks get it. */
export type PaylinkPaymentSession = PaymentSessionDTO & {
  data: PaylinkSessionData
}

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
    const candidates = refuseWhilePaidLinkStep({
      cart_id: input.cart_id,
      provider_id: input.provider_id,
    })
    const data = readCartForLinkStep({
      cart_id: input.cart_id,
      payment_collection_id: input.payment_collection_id,
    })
    const cart = transform(
      { data },
      ({ data }) => data as unknown as CartForLink
    )
    validateCartStep({ cart: cart as any })
    validateCartForPaymentLinkStep({
      cart,
      cart_id: input.cart_id,
      provider_id: input.provider_id,
      billing_from_storefront: transform({ input }, ({ input }) =>
        ["name", "surname"].every(
          (k) =>
            typeof input.billing?.[k] === "string" &&
            (input.billing[k] as string).trim()
        )
      ),
    })
    // The check cart completion runs before it reserves stock, only when a variant manages inventory.
    when("paylink-inventory-managed", { cart }, ({ cart }) =>
      (cart?.items ?? []).some((i: any) => i?.variant?.manage_inventory)
    ).then(() =>
      confirmVariantInventoryWorkflow.runAsStep({
        input: transform({ cart }, ({ cart }) => {
          const variants = new Map<string, unknown>()
          for (const item of cart!.items ?? []) {
            if (item?.variant) variants.set(item.variant_id, item.variant)
          }
          return {
            sales_channel_id: cart!.sales_channel_id ?? "",
            variants: [...variants.values()],
            items: (cart!.items ?? []).map((i: any) => ({
              id: i.id,
              variant_id: i.variant_id,
              quantity: i.quantity,
            })),
          } as any
        }),
      })
    )

    const live = findLivePaymentLinkStep({
      cart,
      provider_id: input.provider_id,
      candidates,
      left_url: input.left_url,
    })

    const createdCollection = when(
      "paylink-needs-payment-collection",
      { cart, live },
      ({ cart, live }) => !live && !cart?.payment_collection?.id
    ).then(() =>
      createPaymentCollectionForCartWorkflow.runAsStep({
        input: { cart_id: input.cart_id },
      })
    )
    const created = when(
      "paylink-needs-new-link",
      { live },
      ({ live }) => !live
    ).then(() => {
      const textLanguage = readGatewayTextLanguageStep()
      const session = createPaymentSessionsWorkflow.runAsStep({
        input: transform(
          { cart, createdCollection, input, textLanguage },
          ({ cart, createdCollection, input, textLanguage }) => ({
            payment_collection_id: (cart!.payment_collection?.id ??
              createdCollection?.id) as string,
            provider_id: input.provider_id,
            customer_id: input.customer_id,
            // Medusa does not tell a provider its own id: the record keeps it for the merchant's Place order.
            data: buildSessionData(cart!, input.provider_id, input.billing, {
              text: gatewayTextLanguage(
                textLanguage,
                cart!.locale,
                cart!.currency_code
              ),
              shopper: shopperLanguage({
                localeHeader: input.locale_header,
                cartLocale: cart!.locale,
                acceptLanguage: input.accept_language,
              }),
            }),
          })
        ),
      })
      const earlier = withdrawEarlierCartLinksStep(
        transform({ session, input }, ({ session, input }) => ({
          cart_id: input.cart_id,
          keep_record_id:
            ((session as any)?.data?.paylink_checkout_id as
              string | undefined) ?? null,
        }))
      )
      // A paid return may have landed while the service made this link: then it is rolled back.
      refuseIfPaidMeanwhileStep({ cart_id: input.cart_id, paid: earlier.paid })
      return session
    })
    releaseLockStep({ key: input.cart_id })

    const payment_session = transform(
      { live, created },
      ({ live, created }) =>
        (live ?? created) as unknown as PaylinkPaymentSession
    )
    const reused = transform({ live }, ({ live }) => !!live)
    const paylinkCreated = createHook("paylinkCreated", {
      cart_id: input.cart_id,
      payment_session,
      reused,
    })
    return new WorkflowResponse(
      { payment_session, reused },
      { hooks: [paylinkCreated] }
    )
  }
)
