/**
 * Sending the customer to pay. Always asks the backend for the link, never reuses a kept `data.url`
 * (dead after a cancel or an expiry); while the link is live the backend answers the same one
 * without calling the service, so asking again costs nothing. A shopper who came back from a
 * gateway without a cancel address is told apart by the page they left for (./left-link.ts).
 */
import type { PaylinkSessionData } from "../types/paylink"
import { isPaylinkProvider } from "./providers"
import {
  goToPaymentLink,
  isLeftUrl,
  LEFT_URL_RULE,
  leftPaymentLink,
} from "./left-link"
import {
  PaylinkInputError,
  paylinkCallHeaders,
  requireId,
  type PaylinkCallOptions,
  type PaylinkStoreSdk,
} from "./sdk"

type PaymentLinkAnswer = {
  payment_session: { id: string; provider_id: string; data: PaylinkSessionData }
}

/** The address to send the customer to, checked: only http(s) may become a navigation. */
function checkedUrl(url: unknown): string {
  if (typeof url === "string") {
    try {
      const parsed = new URL(url)
      if (parsed.protocol === "https:" || parsed.protocol === "http:") {
        return parsed.toString()
      }
    } catch {
      // not a URL: refused below
    }
  }
  throw new Error(
    "The payment link answer has no http(s) url in payment_session.data.url."
  )
}

/**
 * `leftUrl`: the hosted page the shopper was sent to and came back from without a success return
 * (`leftPaymentLink(cartId)` in the browser). Sent as `left_url`: when it is still the cart's live
 * link on a gateway without a cancel address, the backend makes a new one.
 */
export type PaymentLinkOptions = PaylinkCallOptions & { leftUrl?: string }

/**
 * The cart's payment link for `providerId` (new, or the live one), as its hosted checkout address.
 * From a server action or the browser; refusals come as the SDK's error.
 */
export async function createPaymentLink(
  sdk: PaylinkStoreSdk,
  cartId: string,
  providerId: string,
  { leftUrl, ...options }: PaymentLinkOptions = {}
): Promise<string> {
  const id = requireId("cart_id", cartId)
  if (!isPaylinkProvider(providerId)) {
    throw new PaylinkInputError(
      "provider_id",
      "must be a payment-link provider of this plugin (pp_paylink-gateway-…_<id>)"
    )
  }
  if (leftUrl !== undefined && !isLeftUrl(leftUrl)) {
    throw new PaylinkInputError("left_url", LEFT_URL_RULE)
  }
  const { payment_session } = await sdk.client.fetch<PaymentLinkAnswer>(
    `/store/carts/${encodeURIComponent(id)}/payment-link`,
    {
      method: "POST",
      body: {
        provider_id: providerId,
        ...(leftUrl !== undefined ? { left_url: leftUrl } : {}),
      },
      headers: paylinkCallHeaders(options),
    }
  )
  return checkedUrl(payment_session?.data?.url)
}

/** Where the browser goes: `window.location` by default. */
export type PaylinkNavigator = { assign(url: string): void }

/**
 * For the browser's "Pay" button: creates the link as above, then leaves for the gateway's page
 * (`goToPaymentLink`). Resolves once the navigation has been asked for (the page is about to unload).
 *
 * `newPayment: true` also says which hosted page this tab came back from (`leftPaymentLink`), so
 * gateways B and C make a new link. Pass it only when the shopper chose to start a new payment
 * after `leftPaymentLink(cartId)` showed they came back without a success return: only the shopper
 * knows whether they paid there, and a new link for one who did is a second payment.
 */
export async function payWithPaylink(
  sdk: PaylinkStoreSdk,
  cartId: string,
  providerId: string,
  {
    navigator,
    leftUrl,
    newPayment = false,
    ...options
  }: PaymentLinkOptions & {
    navigator?: PaylinkNavigator
    newPayment?: boolean
  } = {}
): Promise<string> {
  const to =
    navigator ?? (globalThis as { location?: PaylinkNavigator }).location
  if (!to || typeof to.assign !== "function") {
    throw new Error(
      "payWithPaylink runs in a browser (window.location); on a server use createPaymentLink and redirect to its url."
    )
  }
  const url = await createPaymentLink(sdk, cartId, providerId, {
    ...options,
    leftUrl: leftUrl ?? (newPayment ? leftPaymentLink(cartId) : undefined),
  })
  goToPaymentLink(cartId, url, to)
  return url
}
