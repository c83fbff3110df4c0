import { en } from "../i18n"

/**
 * The gateways' names in English, for the order page's payment-links widget until it reads them
 * in the admin's language like the rest of the admin (`useLabels().gateway`, src/admin/lib/labels).
 * @deprecated use `useLabels().gateway`.
 */
export const GATEWAY_LABELS = en.gateways
