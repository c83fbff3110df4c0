/**
 * What a customer reads for a payment-link provider: a title and a line of description in Spanish
 * or English, from the provider id alone (`pp_paylink-<gateway>_<registration id>`), so a
 * storefront needs no table of its own for the plugin's providers.
 */
import { gatewayDefinition } from "../lib/paylink/gateways"
import { gatewayOfProvider, type Gateway } from "../types/paylink"
import type { PaylinkLang } from "./sdk"

export type PaylinkProviderInfo = {
  /** e.g. "Tarjeta — pasarela A", "Monthly subscription (gateway A)". */
  title: string
  /** One sentence on what happens when the customer chooses it. */
  description: string
  gateway: Gateway
  /** A recurring link: offer it only when the cart may use it (see paylinkProvidersForCart). */
  subscription: boolean
}

/** True for this plugin's provider ids (`pp_paylink-gateway-…_<id>`), as dtc-starter's `isStripe`. */
export function isPaylinkProvider(
  providerId: string | null | undefined
): boolean {
  return (
    typeof providerId === "string" && gatewayOfProvider(providerId) !== null
  )
}

/** The billing period a subscription registration's id names (`monthly`); any other id gives the period-less title. */
const PERIODS: Record<string, { es: string; en: string }> = {
  daily: { es: "diaria", en: "Daily" },
  day: { es: "diaria", en: "Daily" },
  weekly: { es: "semanal", en: "Weekly" },
  week: { es: "semanal", en: "Weekly" },
  monthly: { es: "mensual", en: "Monthly" },
  month: { es: "mensual", en: "Monthly" },
  yearly: { es: "anual", en: "Yearly" },
  annual: { es: "anual", en: "Yearly" },
  year: { es: "anual", en: "Yearly" },
}

const TEXTS: Record<
  PaylinkLang,
  (
    gateway: Gateway,
    period: { es: string; en: string } | undefined
  ) => Omit<PaylinkProviderInfo, "gateway" | "subscription">
> = {
  es: (gateway, period) => {
    const { letter, recurring } = gatewayDefinition(gateway)
    if (recurring) {
      return {
        title: `Suscripción${period ? ` ${period.es}` : ""} (pasarela ${letter})`,
        description: `Se cobra${period ? ` de forma ${period.es}` : " cada periodo"} con un enlace recurrente de la pasarela ${letter}. Solo para productos de suscripción.`,
      }
    }
    if (gateway === "gateway_a") {
      return {
        title: `Tarjeta — pasarela ${letter}`,
        description: `Pague con tarjeta en la página segura de la pasarela ${letter}; según la tienda, también en cuotas o por transferencia.`,
      }
    }
    return {
      title: `Pago en línea — pasarela ${letter}`,
      description: `Pague en la página segura de la pasarela ${letter}, con el detalle de su pedido.`,
    }
  },
  en: (gateway, period) => {
    const { letter, recurring } = gatewayDefinition(gateway)
    if (recurring) {
      return {
        title: `${period ? `${period.en} subscription` : "Subscription"} (gateway ${letter})`,
        description: `Charged ${period ? period.en.toLowerCase() : "every period"} through a recurring link of gateway ${letter}. Only for products sold by subscription.`,
      }
    }
    if (gateway === "gateway_a") {
      return {
        title: `Card — gateway ${letter}`,
        description: `Pay by card on gateway ${letter}'s secure page; where the store allows it, in installments or by bank transfer too.`,
      }
    }
    return {
      title: `Online payment — gateway ${letter}`,
      description: `Pay on gateway ${letter}'s secure page, with your order's details.`,
    }
  },
}

/** Title and description of a payment-link provider in `lang`, or null for any other provider. */
export function paylinkProviderInfo(
  providerId: string,
  lang: PaylinkLang = "es"
): PaylinkProviderInfo | null {
  const gateway = isPaylinkProvider(providerId)
    ? gatewayOfProvider(providerId)
    : null
  if (!gateway) {
    return null
  }
  const registration = providerId
    .slice(providerId.indexOf("_", "pp_".length) + 1)
    .toLowerCase()
  const { recurring } = gatewayDefinition(gateway)
  const period = recurring ? PERIODS[registration] : undefined
  return {
    ...TEXTS[lang === "en" ? "en" : "es"](gateway, period),
    gateway,
    subscription: recurring,
  }
}
