/**
 * Icons of the payment-link providers as SVG markup in `currentColor`, for HTML pages; the React
 * entry wraps the same markup. Fixed strings: nothing from a request goes into them.
 */
import { gatewayDefinition } from "../lib/paylink/gateways"
import { gatewayOfProvider } from "../types/paylink"

const CARD =
  '<rect x="2" y="5" width="20" height="14" rx="2"/><path d="M2 10h20"/>'
const RECURRING =
  '<path d="M20 11a8 8 0 0 0-14.9-4M4 13a8 8 0 0 0 14.9 4"/><path d="M5 3v4h4M19 21v-4h-4"/>'

/** Null for a provider that is not this plugin's; `aria-hidden`, since the title beside it says what it is. */
export function paylinkProviderIconSvg(
  providerId: string,
  size = 24
): string | null {
  const gateway = gatewayOfProvider(providerId)
  if (!gateway) {
    return null
  }
  const px = Number.isFinite(size) && size > 0 ? Math.round(size) : 24
  const { letter, recurring } = gatewayDefinition(gateway)
  const shape = recurring ? RECURRING : CARD
  const badge = recurring
    ? `<text x="12" y="15.5" font-size="8" font-weight="700" text-anchor="middle" fill="currentColor" stroke="none" font-family="system-ui,sans-serif">${letter}</text>`
    : `<text x="18" y="17.5" font-size="6.5" font-weight="700" text-anchor="middle" fill="currentColor" stroke="none" font-family="system-ui,sans-serif">${letter}</text>`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false" data-paylink-gateway="${gateway}">${shape}${badge}</svg>`
}
