/**
 * What a payment-link provider checks and derives from Medusa's initiatePayment input before any
 * write or call: the session, the charge in integer cents against the gateway's rules, the text
 * the customer sees, and the session data Medusa stores.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { InitiatePaymentInput } from "@medusajs/framework/types"
import { checkLimits, type GatewayProduct } from "../../lib/paylink/limits"
import { toCents } from "../../lib/common/money"
import type { OpenLinkInput } from "../../modules/paylink/types"
import { PAYLINK_PROVIDER_PREFIX } from "../../types/paylink"
import type { BaseProviderOptions } from "./options"
import { codedError, customerAmount } from "../../lib/common/store-errors"
import {
  defaultDescriptionTemplate,
  storedLanguage,
} from "../../lib/common/gateway-text"

export const str = (v: unknown) => (typeof v === "string" ? v : null)

/** The session id and the charge, or a 400 that names the rule (docs/service.md §6). */
export function chargeOf(
  input: InitiatePaymentInput,
  gateway: GatewayProduct,
  label: string
) {
  const data = (input.data ?? {}) as Record<string, unknown>
  const sessionId = input.context?.idempotency_key ?? str(data.session_id)
  if (!sessionId) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "A payment link needs the payment session id."
    )
  }
  const currency = String(input.currency_code ?? "").toUpperCase()
  let cents: bigint
  try {
    cents = toCents(input.amount)
  } catch {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "amount must be a number."
    )
  }
  const violation = checkLimits(gateway, label, currency, cents)
  if (violation) {
    const detail = `${violation.field}: ${violation.message}`
    if (violation.field === "currency_code") {
      throw codedError(
        MedusaError.Types.INVALID_DATA,
        "paylink.currency_not_supported",
        detail
      )
    }
    if (!violation.bounds) {
      throw codedError(
        MedusaError.Types.INVALID_DATA,
        "paylink.nothing_to_pay",
        detail
      )
    }
    const amount = (c: bigint) => customerAmount(c, currency)
    throw codedError(
      MedusaError.Types.INVALID_DATA,
      "paylink.amount_out_of_range",
      detail,
      {
        min: amount(violation.bounds.minCents),
        max: amount(violation.bounds.maxCents),
        total: amount(cents),
      }
    )
  }
  return { data, sessionId, cents, currency }
}

/**
 * The cart's description from the session data, else the registration's template, else "Pedido
 * {number}" / "Order {number}" in the session's gateway-text language (English when it has none).
 */
export function describeLink(
  data: Record<string, unknown>,
  template: string | undefined,
  number: number
): string {
  const fromData = str(data.description)?.trim()
  const fallback = template ?? defaultDescriptionTemplate(textLanguageOf(data))
  return (fromData || fallback.replace(/\{number\}/g, String(number))).slice(
    0,
    250
  )
}

/** The language the server chose for the gateway's text of this session (`text_lang`), else English. */
export function textLanguageOf(data: Record<string, unknown>): "es" | "en" {
  return storedLanguage(data.text_lang) ?? "en"
}

/** The record to open for a new link: amounts checked, ids from the server-built session data. */
/** A subscription registration's plan (its options' `interval` and `count`); null for a single payment. */
function planOfOptions(opts: BaseProviderOptions): OpenLinkInput["plan"] {
  const o = opts as { interval?: unknown; count?: unknown }
  return o.interval === "week" ||
    o.interval === "month" ||
    o.interval === "year"
    ? { interval: o.interval, count: typeof o.count === "number" ? o.count : 1 }
    : null
}

export function openLinkInput(
  charge: {
    data: Record<string, unknown>
    sessionId: string
    cents: bigint
    currency: string
  },
  gateway: GatewayProduct,
  opts: BaseProviderOptions
): OpenLinkInput {
  const providerId = str(charge.data.provider_id)
  // An admin link (an order's balance, a draft order) comes back to the plugin's own pages: the
  // storefront's order and payment-step pages are about carts.
  const origin =
    charge.data.origin === "order" || charge.data.origin === "draft_order"
      ? charge.data.origin
      : "storefront"
  const orderId = origin === "storefront" ? null : str(charge.data.order_id)
  if (origin !== "storefront" && !orderId) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "order_id: an admin payment link needs the order it collects for."
    )
  }
  return {
    gateway,
    payment_session_id: charge.sessionId,
    // Both come from the payment-link workflow, which builds the session data on the server.
    cart_id: origin === "storefront" ? str(charge.data.cart_id) : null,
    order_id: orderId,
    origin,
    created_by: origin === "storefront" ? null : str(charge.data.created_by),
    provider_id: providerId?.startsWith(PAYLINK_PROVIDER_PREFIX)
      ? providerId
      : null,
    cents: charge.cents,
    currency_code: charge.currency,
    confirmation: opts.confirmation,
    success_redirect:
      origin === "storefront" ? (opts.orderConfirmedUrl ?? null) : null,
    cancel_redirect:
      origin === "storefront" ? (opts.paymentStepUrl ?? null) : null,
    return_ttl_hours: opts.returnLinkTtlHours,
    backend_url: opts.backendUrl,
    plan: planOfOptions(opts),
    // The shopper's language, set by the payment-link workflow on the server: signed into the return addresses.
    lang: storedLanguage(charge.data.lang),
  }
}
