/**
 * The loyalty card at checkout: checked in the browser with the server's own rule, shown masked,
 * applied or removed through the plugin's store routes. The full number goes to the server once,
 * in the apply request, and nowhere else.
 */
import {
  CARD_MAX_DIGITS,
  CARD_MIN_DIGITS,
  normalizeCard,
} from "../lib/benefits/card"
import {
  PaylinkInputError,
  paylinkCallHeaders,
  requireId,
  type PaylinkCallOptions,
  type PaylinkLang,
  type PaylinkStoreSdk,
} from "./sdk"

/** A rule as `GET /store/benefits/rules` answers it. */
export type StoreBenefitRule = {
  id: string
  name: string
  description: string | null
  kind: "percentage" | "fixed"
  value: number
  /**
   * What a percentage is computed on: the products only, or the products and shipping. A fixed
   * amount does not depend on it. Either way the discount is taken off the products.
   */
  applies_to: "items" | "items_and_shipping"
  cap: number | null
  min_total: number | null
  currency_code: string
  starts_at: string | null
  ends_at: string | null
}

/** The cart's benefit as the store routes answer it; `card` is masked ("•••• 5678"). */
export type StoreCartBenefit = {
  id: string
  status: "authorized" | "stale"
  rule_id: string | null
  card: string
  discount: number
  total: number
  currency_code: string
  promotion_code: string | null
  authorization: string | null
  confirmation: string | null
  /** Set when `stale`: the cart changed, apply the card again. */
  message: string | null
}

/** `{ cart, benefit }` of every /store/carts/:id/benefits route (merge `cart` into yours). */
export type StoreCartBenefitResponse = {
  cart: Record<string, unknown> & {
    id: string
    total?: number
    discount_total?: number
  }
  benefit: StoreCartBenefit | null
}

export {
  CARD_MAX_DIGITS as LOYALTY_CARD_MAX_DIGITS,
  CARD_MIN_DIGITS as LOYALTY_CARD_MIN_DIGITS,
}

/** The card's digits (spaces and dashes dropped), or null when the server would refuse it. */
export function normalizeLoyaltyCard(input: unknown): string | null {
  return typeof input === "string" ? normalizeCard(input) : null
}

const CARD_RULE: Record<PaylinkLang, string> = {
  es: `El número de tarjeta debe tener de ${CARD_MIN_DIGITS} a ${CARD_MAX_DIGITS} dígitos (puede usar espacios o guiones).`,
  en: `The card number must have ${CARD_MIN_DIGITS} to ${CARD_MAX_DIGITS} digits (spaces or dashes allowed).`,
}
const CARD_EMPTY: Record<PaylinkLang, string> = {
  es: "Ingrese el número de su tarjeta de lealtad.",
  en: "Enter your loyalty card number.",
}

/** What to show under the card field before sending it, in the customer's language; null when valid. */
export function loyaltyCardError(
  input: unknown,
  lang: PaylinkLang = "es"
): string | null {
  const l = lang === "en" ? "en" : "es"
  if (typeof input !== "string" || !input.trim()) {
    return CARD_EMPTY[l]
  }
  return normalizeCard(input) ? null : CARD_RULE[l]
}

/** "•••• 5678" from a card number (as the server masks it); "••••" when there is no digit. */
export function maskLoyaltyCard(input: string): string {
  const digits = String(input ?? "").replace(/\D/g, "")
  return digits.length ? `•••• ${digits.slice(-4)}` : "••••"
}

const SUMMARY: Record<
  PaylinkLang,
  {
    percent: Record<StoreBenefitRule["applies_to"], string>
    fixed: string
    cap: string
    min: string
  }
> = {
  es: {
    percent: {
      items: "{value} % de descuento en productos",
      items_and_shipping: "{value} % de descuento en productos y envío",
    },
    fixed: "{amount} de descuento",
    cap: "máximo {amount}",
    min: "compra mínima {amount}",
  },
  en: {
    percent: {
      items: "{value} % off products",
      items_and_shipping: "{value} % off products and shipping",
    },
    fixed: "{amount} off",
    cap: "up to {amount}",
    min: "minimum purchase {amount}",
  },
}

const quetzales = (amount: number) => `Q ${amount.toFixed(2)}`

/**
 * What a benefit gives, in the customer's language, from the rule itself: "10 % de descuento en
 * productos (máximo Q 50.00; compra mínima Q 50.00)". A percentage always says whether shipping
 * counts; for a storefront to show when the merchant wrote no description.
 */
export function loyaltyBenefitSummary(
  rule: Pick<
    StoreBenefitRule,
    "kind" | "value" | "applies_to" | "cap" | "min_total"
  >,
  lang: PaylinkLang = "es"
): string {
  const t = SUMMARY[lang === "en" ? "en" : "es"]
  const main =
    rule.kind === "percentage"
      ? t.percent[
          rule.applies_to === "items_and_shipping"
            ? "items_and_shipping"
            : "items"
        ].replace("{value}", String(rule.value))
      : t.fixed.replace("{amount}", quetzales(rule.value))
  const terms = [
    rule.cap != null ? t.cap.replace("{amount}", quetzales(rule.cap)) : null,
    rule.min_total != null
      ? t.min.replace("{amount}", quetzales(rule.min_total))
      : null,
  ].filter(Boolean)
  return terms.length ? `${main} (${terms.join("; ")})` : main
}

/** The benefits a customer can pick (active, inside their dates). */
export async function listLoyaltyBenefitRules(
  sdk: PaylinkStoreSdk,
  options: PaylinkCallOptions = {}
): Promise<StoreBenefitRule[]> {
  const { rules } = await sdk.client.fetch<{ rules: StoreBenefitRule[] }>(
    "/store/benefits/rules",
    { method: "GET", headers: paylinkCallHeaders(options) }
  )
  return rules
}

/** The cart's benefit now (`benefit: null` when none); `status: "stale"` means apply again. */
export async function getCartLoyaltyBenefit(
  sdk: PaylinkStoreSdk,
  cartId: string,
  options: PaylinkCallOptions = {}
): Promise<StoreCartBenefitResponse> {
  const id = requireId("cart_id", cartId)
  return await sdk.client.fetch<StoreCartBenefitResponse>(
    `/store/carts/${encodeURIComponent(id)}/benefits`,
    { method: "GET", headers: paylinkCallHeaders(options) }
  )
}

/** A card the server would refuse is refused here first (PaylinkInputError naming `card`, no request). */
export async function applyLoyaltyCard(
  sdk: PaylinkStoreSdk,
  cartId: string,
  { card, ruleId }: { card: string; ruleId: string },
  options: PaylinkCallOptions = {}
): Promise<StoreCartBenefitResponse> {
  const id = requireId("cart_id", cartId)
  const digits = normalizeLoyaltyCard(card)
  if (!digits) {
    throw new PaylinkInputError(
      "card",
      `must be a string of ${CARD_MIN_DIGITS} to ${CARD_MAX_DIGITS} digits (spaces and dashes allowed)`
    )
  }
  const rule = requireId("rule_id", ruleId)
  return await sdk.client.fetch<StoreCartBenefitResponse>(
    `/store/carts/${encodeURIComponent(id)}/benefits`,
    {
      method: "POST",
      body: { card: digits, rule_id: rule },
      headers: paylinkCallHeaders(options),
    }
  )
}

/** Takes the cart's benefit off (the server answers 404 when there is none). */
export async function removeLoyaltyCard(
  sdk: PaylinkStoreSdk,
  cartId: string,
  options: PaylinkCallOptions = {}
): Promise<StoreCartBenefitResponse> {
  const id = requireId("cart_id", cartId)
  return await sdk.client.fetch<StoreCartBenefitResponse>(
    `/store/carts/${encodeURIComponent(id)}/benefits`,
    { method: "DELETE", headers: paylinkCallHeaders(options) }
  )
}
