/** The react-query keys of the plugin's admin, one factory per module as Medusa's dashboard does (`queryKeysFactory`). */

export function queryKeysFactory<
  const Scope extends string,
  ListQuery = Record<string, unknown>,
>(scope: Scope) {
  const keys = {
    all: [scope] as const,
    lists: () => [...keys.all, "list"] as const,
    list: (query?: ListQuery) => [...keys.lists(), { query }] as const,
    details: () => [...keys.all, "detail"] as const,
    detail: (id: string) => [...keys.details(), id] as const,
  }
  return keys
}

export const checkoutKeys = queryKeysFactory("paylink_checkouts")

export const orderLinkOptionKeys = queryKeysFactory(
  "paylink_order_link_options"
)

export const benefitSettingsKeys = queryKeysFactory("paylink_benefit_settings")

export const benefitRuleKeys = queryKeysFactory("paylink_benefit_rules")

export const benefitRedemptionKeys = queryKeysFactory(
  "paylink_benefit_redemptions"
)

export const adminUserKeys = queryKeysFactory("paylink_admin_users")

/** The dashboard's own order queries: an action on a link changes an order's payment status, or places one. */
export const dashboardOrderKeys = { all: ["orders"] as const }

export const productSubscriptionKeys = queryKeysFactory(
  "paylink_product_subscription"
)

/** The dashboard's own product queries (`["products", …]`): the marks are product metadata. */
export const dashboardProductKeys = { all: ["products"] as const }

export const gatewaySettingsKeys = queryKeysFactory("paylink_gateway_settings")

export const reconciliationKeys = queryKeysFactory("paylink_reconciliations")

export const reconciliationEntryKeys = queryKeysFactory(
  "paylink_reconciliation_entries"
)

export const subscriptionKeys = queryKeysFactory("paylink_subscriptions")
