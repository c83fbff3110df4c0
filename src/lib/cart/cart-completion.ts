/**
 * What stands between a cart and an order, checked before a payment link is made: Medusa's
 * completeCartWorkflow rules plus what the order and the gateway need
 * (docs/architecture.md#creating-a-link).
 */
import { echo } from "../common/echo"

export type CartForCompletion = {
  id: string
  email?: string | null
  completed_at?: unknown
  billing_address?: {
    first_name?: string | null
    last_name?: string | null
  } | null
  shipping_address?: {
    address_1?: string | null
    country_code?: string | null
  } | null
  region?: { payment_providers?: ({ id: string } | null)[] | null } | null
  items?:
    | ({
        id: string
        requires_shipping?: boolean | null
        variant?: {
          product?: { shipping_profile?: { id?: string | null } | null } | null
        } | null
      } | null)[]
    | null
  shipping_methods?: ({ shipping_option_id?: string | null } | null)[] | null
}

export type Problem = { field: string; rule: string }

/**
 * `profileOfOption` maps the cart's shipping options to their shipping profiles.
 * `billingFromStorefront`: the storefront sent the billing names itself (a cart with no address).
 */
export function completionProblems(
  cart: CartForCompletion,
  providerId: string,
  profileOfOption: Map<string, string | null>,
  billingFromStorefront = false
): Problem[] {
  const problems: Problem[] = []
  const items = (cart.items ?? []).filter(
    (i): i is NonNullable<typeof i> => !!i
  )
  if (!items.length) {
    problems.push({ field: "items", rule: "the cart has no items" })
  }
  if (!cart.email?.trim()) {
    problems.push({ field: "email", rule: "the cart has no e-mail address" })
  }
  const names =
    cart.billing_address?.first_name?.trim() &&
    cart.billing_address?.last_name?.trim()
  if (!names && !billingFromStorefront) {
    problems.push({
      field: "billing_address",
      rule: "the billing address needs first_name and last_name",
    })
  }
  const shipped = items.filter((i) => i.requires_shipping)
  if (shipped.length) {
    if (
      !cart.shipping_address?.address_1?.trim() ||
      !cart.shipping_address?.country_code
    ) {
      problems.push({
        field: "shipping_address",
        rule: "items that ship need a shipping address (address_1, country_code)",
      })
    }
    const methods = (cart.shipping_methods ?? []).filter(
      (m): m is NonNullable<typeof m> => !!m
    )
    if (!methods.length) {
      problems.push({
        field: "shipping_methods",
        rule: "items that ship need a shipping method; none is selected",
      })
    } else {
      const covered = new Set(
        methods.map(
          (m) => profileOfOption.get(m.shipping_option_id ?? "") ?? null
        )
      )
      const uncovered = shipped.filter(
        (i) => !covered.has(i.variant?.product?.shipping_profile?.id ?? null)
      )
      if (uncovered.length) {
        problems.push({
          field: "shipping_methods",
          rule: `no selected shipping method serves the shipping profile of item(s) ${uncovered.map((i) => i.id).join(", ")}`,
        })
      }
    }
  }
  const enabled = (cart.region?.payment_providers ?? []).some(
    (p) => p?.id === providerId
  )
  if (!enabled) {
    problems.push({
      field: "provider_id",
      rule: `${echo(providerId)} is not enabled in the cart's region`,
    })
  }
  return problems
}

export function describeProblems(cartId: string, problems: Problem[]): string {
  return `Cart ${cartId} cannot be paid by link yet: ${problems.map((p) => `${p.field}: ${p.rule}`).join("; ")}.`
}
