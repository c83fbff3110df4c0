/**
 * How the subscription pages word a subscription: its plan, its goods, its customer and addresses.
 * Pure functions of the subscription and a `t`, so a unit test runs them with the real strings.
 */
import type {
  RenewalOrderState,
  Subscription,
  SubscriptionAddress,
  SubscriptionItem,
  SubscriptionPlan,
  SubscriptionStatus,
} from "../../types"

type T = (key: string, options?: Record<string, unknown>) => string

/** "Every month", "Every 2 weeks" / "Cada mes", "Cada 2 semanas". */
export function planText(t: T, plan: SubscriptionPlan): string {
  return t(`subscriptions.plan.${plan.interval}`, { count: plan.count })
}

/** The first good's title and how many more lines there are ("Café de Huehuetenango" + "+2 more"). */
export function goodsSummary(items: SubscriptionItem[]): {
  first: string | null
  more: number
} {
  return {
    first: items.length ? itemTitle(items[0]) : null,
    more: Math.max(0, items.length - 1),
  }
}

/** The line's title as the order shows it; the variant beside it when the title does not say it. */
export function itemTitle(item: SubscriptionItem): string {
  const title = item.product_title || item.title
  const variant = item.variant_title
  return variant && !title.includes(variant) && item.title !== variant
    ? `${title} · ${variant}`
    : title
}

/** The customer's name, else the e-mail; null when the first order had neither. */
export function customerName(s: Pick<Subscription, "customer_name" | "email">) {
  return s.customer_name?.trim() || s.email || null
}

/** An address as the dashboard's order page writes it, one line each; empty lines left out. */
export function addressLines(a: SubscriptionAddress | null): string[] {
  if (!a) return []
  const name = [a.first_name, a.last_name].filter(Boolean).join(" ")
  const city = [a.postal_code, a.city].filter(Boolean).join(" ")
  return [
    name,
    a.company,
    a.address_1,
    a.address_2,
    [city, a.province].filter(Boolean).join(", "),
    a.country_code?.toUpperCase(),
    a.phone,
  ].filter((line): line is string => !!line && line.trim() !== "")
}

/** Whether two addresses are the same place (the drawer then shows one). */
export function sameAddress(
  a: SubscriptionAddress | null,
  b: SubscriptionAddress | null
) {
  return addressLines(a).join("\n") === addressLines(b).join("\n")
}

/** The status badge's color: green runs, orange needs a look, grey is over. */
export const SUBSCRIPTION_STATUS_COLORS: Record<
  SubscriptionStatus,
  "green" | "orange" | "grey"
> = {
  active: "green",
  renewal_overdue: "orange",
  ended: "grey",
}

/** Whether a renewal's order can be made again from the timeline. */
export const canMakeOrder = (state: RenewalOrderState | null) =>
  state === "failed" || state === "making"

/** A major-unit amount as text ("100.00") as the number the admin's money format takes. */
export const amountOf = (text: string | null | undefined) => {
  const n = text == null ? NaN : Number(text)
  return Number.isFinite(n) ? n : null
}
