/**
 * The react-query keys of the plugin's admin, one factory per module, in the shape of Medusa's
 * dashboard (`queryKeysFactory`): `all` for every query of a module, `lists()` / `list(query)`
 * and `details()` / `detail(id)`. Every query and every invalidation takes its key from here.
 */

export function queryKeysFactory<const Scope extends string, ListQuery = Record<string, unknown>>(scope: Scope) {
  const keys = {
    all: [scope] as const,
    lists: () => [...keys.all, "list"] as const,
    list: (query?: ListQuery) => [...keys.lists(), { query }] as const,
    details: () => [...keys.all, "detail"] as const,
    detail: (id: string) => [...keys.details(), id] as const,
  }
  return keys
}

/** Payment-link records (src/modules/paylink). */
export const checkoutKeys = queryKeysFactory("paylink_checkouts")

/** What "Create payment link" offers for an order (`detail(orderId)`). */
export const orderLinkOptionKeys = queryKeysFactory("paylink_order_link_options")

/** The benefits program's settings (one record: `detail("current")`). */
export const benefitSettingsKeys = queryKeysFactory("paylink_benefit_settings")

/** The merchant's benefit rules. */
export const benefitRuleKeys = queryKeysFactory("paylink_benefit_rules")

/** Loyalty-card redemptions. */
export const benefitRedemptionKeys = queryKeysFactory("paylink_benefit_redemptions")

/** Admin users, read for "settled by". */
export const adminUserKeys = queryKeysFactory("paylink_admin_users")

/**
 * The dashboard's own order queries (its `ordersQueryKeys` are `["orders", …]`): an action on a
 * payment link changes an order's payment status, or places an order.
 */
export const dashboardOrderKeys = { all: ["orders"] as const }

/** Which of a product's goods are sold by subscription (`detail(productId)`). */
export const productSubscriptionKeys = queryKeysFactory("paylink_product_subscription")

/** The dashboard's own product queries (`["products", …]`): the marks are product metadata. */
export const dashboardProductKeys = { all: ["products"] as const }

/** Each gateway's credentials set in the admin (one list: `lists()`). */
export const gatewaySettingsKeys = queryKeysFactory("paylink_gateway_settings")

/** Reconciliations of gateway exports (a list, and `detail(id)` polled while it is read). */
export const reconciliationKeys = queryKeysFactory("paylink_reconciliations")

/** A reconciliation's entries and bad rows: `list({ id, group, limit, offset })`. */
export const reconciliationEntryKeys = queryKeysFactory("paylink_reconciliation_entries")
