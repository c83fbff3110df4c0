/**
 * Turns a validated checkout request into the checkout the sandbox keeps and the 201 body the
 * endpoint answers (docs/service.md §5.7). The body is checked against the response schema the
 * client uses, so the sandbox cannot drift from the shape the plugin expects.
 */
import {
  ENDPOINTS,
  type RequestOf,
  type ResponseOf,
} from "../lib/paylink/endpoints"
import { decimalToCents, formatCents } from "../lib/paylink/amounts"
import {
  newCheckoutId,
  newClientToken,
  newNumericCheckoutId,
  newProductId,
  newSubscriptionProductId,
  unique,
} from "./ids"
import { DEFAULT_CURRENCY } from "./rules"
import type { CheckoutEndpointName, SandboxCheckout } from "./types"

export type CheckoutFactoryContext = {
  now: Date
  ttlMs: number
  /** Hosted-page address of a checkout id. */
  hostedUrl: (id: string) => string
  isTaken: (id: string) => boolean
  /** The answer will be held back past the caller's deadline ("late" fault). */
  answeredLate: boolean
}

export function createCheckout<N extends CheckoutEndpointName>(
  name: N,
  request: RequestOf<N>,
  ctx: CheckoutFactoryContext
): SandboxCheckout {
  const id = unique(
    name === "gatewayC" ? newNumericCheckoutId : newCheckoutId,
    ctx.isTaken
  )
  const url = ctx.hostedUrl(id)
  const expiresAt = new Date(ctx.now.getTime() + ctx.ttlMs).toISOString()
  const response = responseFor(name, id, url, expiresAt)
  ENDPOINTS[name].response.parse(response)

  const cents = decimalToCents(request.amount)
  if (cents === null)
    throw new Error("sandbox: createCheckout called with an unvalidated amount")
  return {
    endpoint: name,
    request,
    response,
    id,
    url,
    amount: formatCents(cents),
    currency: request.currency ?? DEFAULT_CURRENCY,
    createdAt: ctx.now.toISOString(),
    expiresAt,
    state: "open",
    settledAt: null,
    paidAmount: null,
    paidCurrency: null,
    cardLast4: null,
    authorization: null,
    renewals: [],
    answeredLate: ctx.answeredLate,
  } as SandboxCheckout
}

function responseFor(
  name: CheckoutEndpointName,
  id: string,
  url: string,
  expiration: string
): ResponseOf<CheckoutEndpointName> {
  switch (name) {
    case "gatewayASingle":
      return { id, url, metadata: { product: newProductId() } }
    case "gatewayASubscription":
      return { id, product: newSubscriptionProductId(), url }
    case "gatewayB":
      return {
        id,
        url,
        metadata: { clientToken: newClientToken(), expiration },
      }
    default:
      // The plain answer (gateway C's). A gateway whose answer differs gets its case above: the
      // answer is checked against the endpoint's schema before it is kept.
      return { id, url, metadata: { expiration } }
  }
}
