/**
 * Which payment-link providers a cart may use now, from the plugin's providers route: Medusa's own
 * `listPaymentProviders` knows neither the subscription goods nor the gateways' currency and amount rules.
 */
import type {
  CartPaymentLinkProvider,
  CartPaymentLinkReasonCode,
  StoreCartPaymentLinkProvidersResponse,
} from "../types/paylink"
import { paylinkProviderInfo } from "./providers"
import {
  paylinkCallHeaders,
  requireId,
  type PaylinkCallOptions,
  type PaylinkLang,
  type PaylinkStoreSdk,
} from "./sdk"

export type PaylinkCartProvider = {
  id: string
  gateway: CartPaymentLinkProvider["gateway"]
  subscription: boolean
  available: boolean
  title: string
  description: string
  /** Why the cart may not use it, as a sentence for the customer; null when it may. */
  reason: string | null
  /** The server's own reason (English, for logs and support), null when available. */
  server_reason: string | null
}

export type PaylinkProvidersForCart = {
  /** Sorted by id. */
  providers: PaylinkCartProvider[]
  available: PaylinkCartProvider[]
}

const REASONS: Record<
  PaylinkLang,
  Record<CartPaymentLinkReasonCode | "other", string>
> = {
  es: {
    empty_cart: "Su carrito está vacío.",
    currency: "Esta forma de pago no acepta la moneda de su carrito.",
    amount: "Esta forma de pago no acepta el total de su carrito.",
    not_subscription_goods:
      "Solo para productos de suscripción: su carrito tiene productos que no se venden por suscripción.",
    other: "No disponible para este carrito.",
  },
  en: {
    empty_cart: "Your cart is empty.",
    currency: "This payment method does not take your cart's currency.",
    amount: "This payment method does not take your cart's total.",
    not_subscription_goods:
      "Only for products sold by subscription: your cart has products that are not.",
    other: "Not available for this cart.",
  },
}

/** The customer's sentence for a reason code the route answered (any other code: a general one). */
export function paylinkReasonText(
  code: string | null | undefined,
  lang: PaylinkLang = "es"
): string {
  const texts = REASONS[lang === "en" ? "en" : "es"]
  return code && Object.prototype.hasOwnProperty.call(texts, code)
    ? texts[code as CartPaymentLinkReasonCode]
    : texts.other
}

/** Unknown cart: the SDK's 404 error is thrown. */
export async function paylinkProvidersForCart(
  sdk: PaylinkStoreSdk,
  cartId: string,
  options: PaylinkCallOptions = {}
): Promise<PaylinkProvidersForCart> {
  const lang: PaylinkLang = options.lang === "en" ? "en" : "es"
  const id = requireId("cart_id", cartId)
  const { payment_providers } =
    await sdk.client.fetch<StoreCartPaymentLinkProvidersResponse>(
      `/store/carts/${encodeURIComponent(id)}/payment-link-providers`,
      { method: "GET", headers: paylinkCallHeaders(options) }
    )
  const providers = payment_providers.flatMap((p): PaylinkCartProvider[] => {
    const info = paylinkProviderInfo(p.id, lang)
    if (!info) {
      return []
    }
    return [
      {
        id: p.id,
        gateway: p.gateway,
        subscription: p.subscription,
        available: p.available,
        title: info.title,
        description: info.description,
        reason: p.available ? null : paylinkReasonText(p.reason_code, lang),
        server_reason: p.available ? null : p.reason,
      },
    ]
  })
  return { providers, available: providers.filter((p) => p.available) }
}
