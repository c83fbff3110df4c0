/**
 * Where the customer is, for the storefront address a return sends them to: {country_code} and
 * {locale} (src/lib/return/storefront-url.ts). A storefront that routes by country (Medusa's dtc-starter:
 * /gt/order/{id}/confirmed) picks the region from that segment, so the country must be one of the
 * cart's region; any of them selects that region.
 */

type Address = { country_code?: string | null } | null | undefined

/** The fields a cart and an order share for this (query.graph on "cart" or "order"). */
export type CustomerPlace = {
  shipping_address?: Address
  billing_address?: Address
  locale?: string | null
  region?: { countries?: { iso_2?: string | null }[] | null } | null
} | null

export const CUSTOMER_PLACE_FIELDS = ["shipping_address.country_code", "billing_address.country_code", "locale", "region.countries.iso_2"]

/**
 * The shipping address's country, else the billing address's, else the region's only country, else
 * the region's first in alphabetical order (a stable choice that still selects the cart's region).
 * Lower case; null when the region has no country either.
 */
export function countryCodeOf(place: CustomerPlace): string | null {
  const fromAddress = place?.shipping_address?.country_code || place?.billing_address?.country_code
  if (fromAddress) {
    return fromAddress.toLowerCase()
  }
  const ofRegion = (place?.region?.countries ?? [])
    .map((c) => c.iso_2?.toLowerCase())
    .filter((c): c is string => !!c)
    .sort()
  return ofRegion[0] ?? null
}

/** The cart's or order's locale (a BCP 47 tag Medusa stores, e.g. "es-GT") as stored, else the return request's language. */
export function localeOf(place: CustomerPlace, requestLanguage: string): string {
  return place?.locale?.trim() || requestLanguage
}
