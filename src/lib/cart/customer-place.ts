/**
 * {country_code} and {locale} of the storefront address a return goes to. A storefront that routes
 * by country picks the region from that segment, so the country must be one of the cart's region.
 */

type Address = { country_code?: string | null } | null | undefined

export type CustomerPlace = {
  shipping_address?: Address
  billing_address?: Address
  locale?: string | null
  region?: { countries?: { iso_2?: string | null }[] | null } | null
} | null

export const CUSTOMER_PLACE_FIELDS = [
  "shipping_address.country_code",
  "billing_address.country_code",
  "locale",
  "region.countries.iso_2",
]

/** Shipping, else billing country, else the region's first alphabetically (stable, still the cart's region). */
export function countryCodeOf(place: CustomerPlace): string | null {
  const fromAddress =
    place?.shipping_address?.country_code ||
    place?.billing_address?.country_code
  if (fromAddress) {
    return fromAddress.toLowerCase()
  }
  const ofRegion = (place?.region?.countries ?? [])
    .map((c) => c.iso_2?.toLowerCase())
    .filter((c): c is string => !!c)
    .sort()
  return ofRegion[0] ?? null
}

/** The stored locale (e.g. "es-GT"), else the return request's language. */
export function localeOf(
  place: CustomerPlace,
  requestLanguage: string
): string {
  return place?.locale?.trim() || requestLanguage
}
