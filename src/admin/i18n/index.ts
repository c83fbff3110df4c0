/**
 * The plugin's admin strings, in Medusa's admin translations for extensions, all in the `paylink`
 * namespace so no key can shadow one of the dashboard's. One JSON file per area and language; a unit
 * test keeps both languages in step.
 */
import { GATEWAY_DEFINITIONS } from "../../lib/paylink/gateways"
import enAttention from "./en/attention.json"
import esAttention from "./es/attention.json"
import enBenefits from "./en/benefits.json"
import enCheckouts from "./en/checkouts.json"
import enCommon from "./en/common.json"
import esBenefits from "./es/benefits.json"
import esCheckouts from "./es/checkouts.json"
import esCommon from "./es/common.json"
import enGateways from "./en/gateways.json"
import esGateways from "./es/gateways.json"
import enOrderLinks from "./en/orderLinks.json"
import esOrderLinks from "./es/orderLinks.json"
import enProducts from "./en/products.json"
import esProducts from "./es/products.json"
import enReconcile from "./en/reconcile.json"
import esReconcile from "./es/reconcile.json"
import enSubscriptions from "./en/subscriptions.json"
import esSubscriptions from "./es/subscriptions.json"

export const PAYLINK_NS = "paylink"

/** From the gateways' table and the language's `gatewayNames` pattern: a new gateway needs no string here. */
function gatewayNames(patterns: {
  single: string
  recurring: string
}): Record<string, string> {
  return Object.fromEntries(
    GATEWAY_DEFINITIONS.map((d) => [
      d.id,
      (d.recurring ? patterns.recurring : patterns.single).replace(
        "{{letter}}",
        d.letter
      ),
    ])
  )
}

export const en = {
  ...enCommon,
  // gateways.json shares the `gateways` key with the gateways' names (gateways.gateway_a).
  gateways: { ...gatewayNames(enCommon.gatewayNames), ...enGateways },
  checkouts: enCheckouts,
  attention: enAttention,
  benefits: enBenefits,
  orderLinks: enOrderLinks,
  products: enProducts,
  reconcile: enReconcile,
  subscriptions: enSubscriptions,
}
export const es = {
  ...esCommon,
  gateways: { ...gatewayNames(esCommon.gatewayNames), ...esGateways },
  checkouts: esCheckouts,
  attention: esAttention,
  benefits: esBenefits,
  orderLinks: esOrderLinks,
  products: esProducts,
  reconcile: esReconcile,
  subscriptions: esSubscriptions,
}

export default {
  en: { [PAYLINK_NS]: en },
  es: { [PAYLINK_NS]: es },
}
