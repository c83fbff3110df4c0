/**
 * The words the plugin itself sends to the gateway: the link's description (the customer reads it
 * on the hosted page, the merchant in the gateway's export) and the names of gateway B's order
 * lines. Written in the store's language (plugin option `gatewayTextLanguage`), never in a mix.
 */
import { langOfTag, type Lang } from "./language"

/** The longest description the plugin sends (the provider option `description` has the same cap). */
export const GATEWAY_DESCRIPTION_MAX = 250

/**
 * The option when set; else the cart's (or order's) stored locale; else Spanish for a charge in
 * quetzales and English for any other currency.
 */
export function gatewayTextLanguage(
  option: Lang | null | undefined,
  locale: string | null | undefined,
  currency: string | null | undefined
): Lang {
  if (option === "es" || option === "en") return option
  return (
    langOfTag(locale) ??
    (String(currency ?? "").toUpperCase() === "GTQ" ? "es" : "en")
  )
}

const TEXT = {
  es: {
    more: (n: number) => ` y ${n} ${n === 1 ? "artículo" : "artículos"} más`,
    order: (n: string) => `Pedido #${n}`,
    draft: (n: string) => `Pedido en borrador #${n}`,
    balance: (n: string) => `Saldo del pedido #${n}`,
    template: "Pedido {number}",
    shipping: "Envío",
    rest: "Envío, impuestos y cargos",
    item: "Artículo",
  },
  en: {
    more: (n: number) => ` and ${n} more ${n === 1 ? "item" : "items"}`,
    order: (n: string) => `Order #${n}`,
    draft: (n: string) => `Draft order #${n}`,
    balance: (n: string) => `Balance of order #${n}`,
    template: "Order {number}",
    shipping: "Shipping",
    rest: "Shipping, taxes and fees",
    item: "Item",
  },
} as const

/**
 * "Miel de Petén y 1 artículo más" / "Miel de Petén and 1 more item": the first product and how
 * many more units the cart holds. A long name is cut (with "…") so the count always fits the cap.
 */
export function cartDescription(
  lang: Lang,
  firstName: string,
  units: number
): string {
  const more = units > 1 ? TEXT[lang].more(units - 1) : ""
  const room = GATEWAY_DESCRIPTION_MAX - more.length
  const name = firstName.trim()
  return `${name.length > room ? `${name.slice(0, room - 1).trimEnd()}…` : name}${more}`
}

/** An admin link's description: the whole order, a draft order, or the balance left after a change. */
export function orderDescription(
  lang: Lang,
  kind: "order" | "draft_order" | "balance",
  number: string | number
): string {
  const t = TEXT[lang]
  const n = String(number)
  return kind === "draft_order"
    ? t.draft(n)
    : kind === "balance"
      ? t.balance(n)
      : t.order(n)
}

/** The description when neither the session data nor the provider option gives one. */
export const defaultDescriptionTemplate = (lang: Lang) => TEXT[lang].template

/** Gateway B's line for the shipping. */
export const shippingLineName = (lang: Lang) => TEXT[lang].shipping

/** Gateway B's line for what the item lines do not cover. */
export const remainderLineName = (lang: Lang) => TEXT[lang].rest

/** Gateway B's name for an item with no title. */
export const itemLineName = (lang: Lang) => TEXT[lang].item

/** A language stored in session data by the server (`text_lang`, `lang`), or null when absent or odd. */
export function storedLanguage(value: unknown): Lang | null {
  return value === "es" || value === "en" ? value : null
}
