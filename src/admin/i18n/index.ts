/**
 * The plugin's admin strings, in Medusa's admin translations for extensions (src/admin/i18n,
 * Medusa 2.11.1+). Everything sits in the `paylink` namespace so that no key of the plugin can
 * shadow one of the dashboard's (which live in `translation`); components read it with
 * `useTranslation(PAYLINK_NS)`. One JSON file per area and language; the unit test
 * src/admin/i18n/__tests__ checks that both languages have exactly the same keys.
 */
import enBenefits from "./en/benefits.json"
import enCheckouts from "./en/checkouts.json"
import enCommon from "./en/common.json"
import esBenefits from "./es/benefits.json"
import esCheckouts from "./es/checkouts.json"
import esCommon from "./es/common.json"

export const PAYLINK_NS = "paylink"

export const en = {
  ...enCommon,
  checkouts: enCheckouts,
  benefits: enBenefits,
}
export const es = {
  ...esCommon,
  checkouts: esCheckouts,
  benefits: esBenefits,
}

export default {
  en: { [PAYLINK_NS]: en },
  es: { [PAYLINK_NS]: es },
}
