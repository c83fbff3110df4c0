/**
 * The link a gateway's "Test token" creates: the one call of the service that proves a token is a
 * checkout (docs/service.md has no call that checks a token alone), so the test makes the least
 * such a call can make: one hosted link of the gateway's minimum amount, titled so that anyone who
 * sees it in the gateway's dashboard knows it is a test nobody must pay. No customer is ever sent
 * to it. No Medusa import: the admin shows the same title and amount before the test runs.
 */
import { CURRENCY_RULES } from "./limits"
import type { Gateway } from "./gateways"
import type { RequestOf } from "./endpoints"

export type ConnectionTestLanguage = "es" | "en"

/** The link's title, in the store's language (Spanish unless asked otherwise, as the store's e-mails). */
export const CONNECTION_TEST_DESCRIPTION: Record<
  ConnectionTestLanguage,
  string
> = {
  es: "Prueba de conexión de la tienda — no pagar",
  en: "Store connection test — do not pay",
}

const BILLING: Record<
  ConnectionTestLanguage,
  { name: string; surname: string }
> = {
  es: { name: "Prueba", surname: "de conexión" },
  en: { name: "Connection", surname: "test" },
}

/** Every gateway charges in GTQ; the test link is in it. */
export const CONNECTION_TEST_CURRENCY = "GTQ"

/**
 * The smallest amount the gateway takes, in cents: its stated minimum (gateway A: Q 5.00, the
 * service's limits table). Gateways B and C state none; Q 5.00 is the smallest amount the service
 * states for any gateway, so it is the least likely to be refused as too small.
 */
export function connectionTestCents(gateway: Gateway): bigint {
  return (
    CURRENCY_RULES[gateway].bounds[CONNECTION_TEST_CURRENCY]?.minCents ?? 500n
  )
}

/** "5.00": the amount as the service takes it (a decimal with two places), from integer cents. */
function decimal(cents: bigint): number {
  return Number(`${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`)
}

/**
 * The request body of the test link on `gateway`. No redirection: nobody is sent to the link, so
 * there is nowhere to come back to. A subscription is the plainest one (every 1 month).
 */
export function connectionTestBody(
  gateway: Gateway,
  input: { number: number; email: string; language: ConnectionTestLanguage }
): RequestOf<
  "gatewayASingle" | "gatewayASubscription" | "gatewayB" | "gatewayC"
> {
  const description = CONNECTION_TEST_DESCRIPTION[input.language]
  const amount = decimal(connectionTestCents(gateway))
  const base = {
    number: input.number,
    description,
    amount,
    currency: CONNECTION_TEST_CURRENCY as "GTQ",
    billing: { ...BILLING[input.language], email: input.email },
  }
  switch (gateway) {
    case "gateway_a_subscription":
      return { ...base, count: 1, interval: "month" }
    case "gateway_b":
      return {
        ...base,
        order: [
          {
            reference: "connection-test",
            name: description,
            qty: 1,
            price: amount,
          },
        ],
      }
    default:
      return base
  }
}
