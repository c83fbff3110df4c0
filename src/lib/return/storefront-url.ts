/**
 * The storefront addresses a return sends the customer to: templates whose placeholders are filled,
 * URL-encoded, when the customer comes back. Checked at boot, so a misspelt placeholder stops the server.
 */

export const STOREFRONT_PLACEHOLDERS = [
  "order_id",
  "cart_id",
  "number",
  "country_code",
  "locale",
] as const

export type StorefrontPlaceholder = (typeof STOREFRONT_PLACEHOLDERS)[number]

export type StorefrontUrlValues = Partial<
  Record<StorefrontPlaceholder, string | number | null | undefined>
>

const KNOWN = new Set<string>(STOREFRONT_PLACEHOLDERS)
const LIST = STOREFRONT_PLACEHOLDERS.map((p) => `{${p}}`).join(", ")

/** What is wrong with a template (null: nothing), as a phrase to follow the option's name. */
export function storefrontUrlProblem(
  template: string,
  required: `{${StorefrontPlaceholder}}`
): string | null {
  let url: URL
  try {
    url = new URL(template)
  } catch {
    return "must be an absolute URL"
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return "must be an http or https URL"
  }
  const unknown = [...template.matchAll(/\{([^{}]*)\}/g)]
    .map((m) => m[1])
    .find((name) => !KNOWN.has(name))
  if (unknown !== undefined) {
    return `has an unknown placeholder {${unknown}}; the placeholders are ${LIST}`
  }
  return template.includes(required) ? null : `must contain ${required}`
}

/** "" for an unknown value. */
export function fillStorefrontUrl(
  template: string,
  values: StorefrontUrlValues
): string {
  return template.replace(
    /\{(order_id|cart_id|number|country_code|locale)\}/g,
    (_, key: StorefrontPlaceholder) =>
      encodeURIComponent(String(values[key] ?? ""))
  )
}

export function needsCustomerPlace(template: string): boolean {
  return /\{(country_code|locale)\}/.test(template)
}
