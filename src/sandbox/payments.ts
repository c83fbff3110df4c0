/**
 * Paying and canceling a checkout, shared by the hosted page (a customer's click, followed by the
 * redirect) and the control API / handle (a payment whose return is never followed). One place
 * decides whether a checkout can still be settled and what a payment records.
 */
import { createHash } from "node:crypto"
import { decimalToCents, formatCents } from "../lib/paylink/amounts"
import type { SandboxStore } from "./store"
import type { PayOptions, SandboxCheckout } from "./types"

/** The classic test card: what a payment records when no card is named. */
export const DEFAULT_CARD_LAST4 = "4242"

/** Why a checkout cannot be settled, in the HTTP terms both callers answer with. */
export type SettleRefusal = {
  status: 404 | 409 | 410
  heading: string
  message: string
}

export const isExpired = (checkout: SandboxCheckout, now: Date) =>
  now.getTime() >= Date.parse(checkout.expiresAt)

/** A checkout is settled once: a second Pay must not look like a second charge went through. */
export function settleRefusal(
  checkout: SandboxCheckout,
  now: Date
): SettleRefusal | null {
  if (checkout.state === "paid") {
    return {
      status: 409,
      heading: "Already paid",
      message: `Checkout ${checkout.id} was already paid at ${checkout.settledAt}.`,
    }
  }
  if (checkout.state === "canceled") {
    return {
      status: 409,
      heading: "Checkout canceled",
      message: `Checkout ${checkout.id} was canceled at ${checkout.settledAt}.`,
    }
  }
  if (isExpired(checkout, now)) {
    return {
      status: 410,
      heading: "Checkout expired",
      message: `Checkout ${checkout.id} expired at ${checkout.expiresAt}.`,
    }
  }
  return null
}

/** The languages of the customer's own pages: the browser's first choice of these, else English. */
export type CustomerLang = "es" | "en"

/**
 * The page a customer sees for a paid checkout (Back to its hosted page, or Pay again on a page left
 * open): it is paid, nothing more to do, and a link back to the store. In the browser's language;
 * the settle refusal above stays the API's English.
 */
export function alreadyPaidTexts(
  checkout: SandboxCheckout,
  lang: CustomerLang
): { heading: string; message: string; back: string } {
  const amount = `${checkout.paidAmount ?? checkout.amount} ${checkout.paidCurrency ?? checkout.currency}`
  const number = checkout.request.number
  return lang === "es"
    ? {
        heading: "Ya está pagado",
        message: `El pago de la orden ${number} (${amount}) ya se completó. No necesita pagar de nuevo.`,
        back: "Volver a la tienda",
      }
    : {
        heading: "Already paid",
        message: `The payment of order ${number} (${amount}) is complete. You do not need to pay again.`,
        back: "Back to the store",
      }
}

/**
 * The payment's 6-digit authorization code. Derived from the checkout id rather than drawn, so the
 * same checkout always shows the same code (in its view and in every export of it). A subscription's
 * renewals (1 for the first) each get their own, derived the same way.
 */
export function authorizationFor(checkoutId: string, renewal = 0): string {
  const n = createHash("sha256")
    .update(
      renewal === 0
        ? `authorization:${checkoutId}`
        : `authorization:${checkoutId}:renewal:${renewal}`
    )
    .digest()
    .readUInt32BE(0)
  return String(n % 1_000_000).padStart(6, "0")
}

export function payOptionProblems(
  options: PayOptions
): Array<{ path: string; message: string }> {
  const problems: Array<{ path: string; message: string }> = []
  if (options.amount !== undefined) {
    const cents =
      typeof options.amount === "number" ? decimalToCents(options.amount) : null
    if (cents === null || cents <= 0n)
      problems.push({
        path: "amount",
        message: "must be a number greater than 0 with at most 2 decimals",
      })
  }
  if (
    options.currency !== undefined &&
    !/^[A-Z]{3}$/.test(String(options.currency))
  ) {
    problems.push({
      path: "currency",
      message: "must be a 3-letter upper-case currency code",
    })
  }
  if (
    options.cardLast4 !== undefined &&
    !/^\d{4}$/.test(String(options.cardLast4))
  ) {
    problems.push({
      path: "cardLast4",
      message: "must be exactly 4 digits (never a full card number)",
    })
  }
  return problems
}

/** Records the payment; the caller has checked settleRefusal and payOptionProblems. */
export function recordPayment(
  store: SandboxStore,
  checkout: SandboxCheckout,
  at: Date,
  options: PayOptions = {}
): SandboxCheckout {
  const cents =
    options.amount === undefined ? null : decimalToCents(options.amount)
  return store.settleCheckout(checkout.id, "paid", at, {
    paidAmount: cents === null ? checkout.amount : formatCents(cents),
    paidCurrency: options.currency ?? checkout.currency,
    cardLast4: options.cardLast4 ?? DEFAULT_CARD_LAST4,
    authorization: authorizationFor(checkout.id),
  })
}

/** The handle's payWithoutReturn: the same checks as the control route, thrown as errors. */
export function payWithoutReturn(
  store: SandboxStore,
  id: string,
  now: Date,
  options: PayOptions = {}
): SandboxCheckout {
  const checkout = store.checkouts.get(id)
  if (!checkout) throw new Error(`sandbox: no checkout ${id}`)
  const problems = payOptionProblems(options)
  if (problems.length)
    throw new TypeError(
      `sandbox: ${problems.map((p) => `${p.path} ${p.message}`).join("; ")}`
    )
  const refusal = settleRefusal(checkout, now)
  if (refusal) throw new Error(`sandbox: ${refusal.message}`)
  return recordPayment(store, checkout, now, options)
}
