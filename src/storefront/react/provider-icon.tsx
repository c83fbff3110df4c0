/**
 * Provider icons and titles for React storefronts, in the shape of dtc-starter's `paymentInfoMap`.
 * The icon is the plain entry's fixed SVG markup, never built from input, which is why setting it as
 * HTML is safe.
 */
import type { ReactElement } from "react"
import { GATEWAY_DEFINITIONS } from "../../lib/paylink/gateways"
import { paylinkProviderIconSvg } from "../icons"
import { paylinkProviderInfo } from "../providers"
import type { PaylinkLang } from "../sdk"

export type PaylinkProviderIconProps = {
  providerId: string
  size?: number
  className?: string
}

/** Null for a provider that is not this plugin's. */
export function PaylinkProviderIcon({
  providerId,
  size = 24,
  className,
}: PaylinkProviderIconProps): ReactElement | null {
  const svg = paylinkProviderIconSvg(providerId, size)
  if (!svg) {
    return null
  }
  return (
    <span
      className={className}
      style={{ display: "inline-flex", lineHeight: 0 }}
      aria-hidden="true"
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  )
}

/** The install guide's registrations: `default`, and `monthly` for a recurring link. */
export const PAYLINK_DEFAULT_PROVIDER_IDS: readonly string[] =
  GATEWAY_DEFINITIONS.map(
    (d) => `pp_${d.identifier}_${d.recurring ? "monthly" : "default"}`
  )

/** `{ [providerId]: { title, icon } }` to spread into dtc-starter's `paymentInfoMap`; other ids left out. */
export function paylinkPaymentInfoMap(
  lang: PaylinkLang = "es",
  providerIds: readonly string[] = PAYLINK_DEFAULT_PROVIDER_IDS
): Record<string, { title: string; icon: ReactElement }> {
  const map: Record<string, { title: string; icon: ReactElement }> = {}
  for (const id of providerIds) {
    const info = paylinkProviderInfo(id, lang)
    if (info) {
      map[id] = {
        title: info.title,
        icon: <PaylinkProviderIcon providerId={id} />,
      }
    }
  }
  return map
}
