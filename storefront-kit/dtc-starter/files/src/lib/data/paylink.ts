"use server"
/**
 * medusa-plugin-paylink: the server actions of a payment-link checkout. Each answers the
 * shopper's message instead of throwing, because Next.js hides a server action's error message in
 * production. The plugin's sentences follow the storefront's language: its locale cookie, else the
 * route's country, else English (`paylinkShopperLang`).
 */
import { sdk } from "@lib/config"
import { HttpTypes } from "@medusajs/types"
import {
  applyLoyaltyCard,
  createPaymentLink,
  forgetCompletedCart,
  getCartLoyaltyBenefit,
  isPaylinkProvider,
  listLoyaltyBenefitRules,
  paylinkErrorMessage,
  paylinkProvidersForCart,
  paylinkShopperLang,
  removeLoyaltyCard,
  type PaylinkLang,
  type StoreBenefitRule,
  type StoreCartBenefit,
} from "medusa-plugin-paylink/storefront"
import { revalidateTag } from "next/cache"
import { getAuthHeaders, getCacheTag, getCartId, removeCartId } from "./cookies"
import { getLocale } from "./locale-actions"

export type PaylinkCheckout = {
  countryCode: string
  lang: PaylinkLang
  /** What the payment step offers: the region's providers less the plugin's this cart may not use. */
  methods: HttpTypes.StorePaymentProvider[]
  /** The plugin's providers left out, with the reason in the shopper's language. */
  unavailable: { id: string; reason: string }[]
  rules: StoreBenefitRule[]
  benefit: StoreCartBenefit | null
}

async function callOptions(countryCode: string) {
  const lang = paylinkShopperLang({ locale: await getLocale(), countryCode })
  const headers: Record<string, string> = { ...(await getAuthHeaders()) }
  return { lang, headers }
}

async function refreshCart() {
  revalidateTag(await getCacheTag("carts"))
}

/** The payment step's data: which providers to offer (the subscription only for its goods), the loyalty card. */
export async function paylinkCheckout(
  cart: HttpTypes.StoreCart,
  methods: HttpTypes.StorePaymentProvider[] | null,
  countryCode: string
): Promise<PaylinkCheckout | null> {
  if (!methods) {
    return null
  }
  const options = await callOptions(countryCode)
  const [forCart, rules, benefit] = await Promise.all([
    paylinkProvidersForCart(sdk, cart.id, options).catch(() => null),
    listLoyaltyBenefitRules(sdk, options).catch(() => []),
    getCartLoyaltyBenefit(sdk, cart.id, options)
      .then(({ benefit }) => benefit)
      .catch(() => null),
  ])
  // Unanswered, every provider stays listed: the backend still refuses one the cart may not use.
  const refused = new Map(
    (forCart?.providers ?? [])
      .filter((p) => !p.available)
      .map((p) => [p.id, p.reason ?? ""])
  )
  return {
    countryCode,
    lang: options.lang,
    methods: methods.filter(
      (m) => !isPaylinkProvider(m.id) || !refused.has(m.id)
    ),
    unavailable: methods
      .filter((m) => refused.has(m.id))
      .map((m) => ({ id: m.id, reason: refused.get(m.id)! })),
    rules,
    benefit,
  }
}

/**
 * The cart's payment link, asked for every time (a canceled or expired one is dead). `leftUrl`: the
 * link the shopper was sent to and came back from without paying; gateways B and C cannot say so
 * themselves, so the backend then makes a new link and withdraws that one.
 */
export async function paylinkUrl(
  cartId: string,
  providerId: string,
  countryCode: string,
  leftUrl?: string
): Promise<{ url: string | null; error: string | null }> {
  const options = await callOptions(countryCode)
  try {
    const url = await createPaymentLink(sdk, cartId, providerId, {
      ...options,
      leftUrl,
    })
    await refreshCart()
    return { url, error: null }
  } catch (e) {
    return { url: null, error: paylinkErrorMessage(e, options.lang) }
  }
}

/** Applies a loyalty card; answers the shopper's message when the program or the store refused it. */
export async function applyPaylinkLoyaltyCard(
  cartId: string,
  input: { card: string; ruleId: string },
  countryCode: string
): Promise<string | null> {
  const options = await callOptions(countryCode)
  try {
    await applyLoyaltyCard(sdk, cartId, input, options)
    await refreshCart()
    return null
  } catch (e) {
    return paylinkErrorMessage(e, options.lang)
  }
}

export async function removePaylinkLoyaltyCard(
  cartId: string,
  countryCode: string
): Promise<string | null> {
  const options = await callOptions(countryCode)
  try {
    await removeLoyaltyCard(sdk, cartId, options)
    await refreshCart()
    return null
  } catch (e) {
    return paylinkErrorMessage(e, options.lang)
  }
}

/**
 * Drops the cart cookie once the gateway's return made that cart an order; answers the cart's id
 * then (the page also forgets the hosted page it left for), else null.
 */
export async function forgetPaidCart(
  countryCode: string
): Promise<string | null> {
  const options = await callOptions(countryCode)
  const cartId = await getCartId()
  if (await forgetCompletedCart(sdk, cartId, removeCartId, options)) {
    await refreshCart()
    return cartId ?? null
  }
  return null
}
