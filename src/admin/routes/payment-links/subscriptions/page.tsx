import { defineRouteConfig } from "@medusajs/admin-sdk"
import { SubscriptionsTable } from "../../../components/subscriptions/subscriptions-table"
import { useSubscriptionDrawer } from "../../../components/subscriptions/subscription-drawer"

/**
 * Payment links → Subscriptions: gateway A's recurring links paid, with what the reconciliations
 * learned of their later charges. `?id=<subscription id>` opens one's drawer.
 */
const SubscriptionsPage = () => {
  const details = useSubscriptionDrawer()
  return (
    <div className="flex flex-col gap-y-3">
      <SubscriptionsTable onOpen={details.open} />
      {details.drawer}
    </div>
  )
}

// Under Payment links in the sidebar (its path's parent). A string literal (PAYLINK_NS): Medusa's
// admin build reads it from the source as written.
export const config = defineRouteConfig({
  label: "subscriptions.title",
  translationNs: "paylink",
})

export default SubscriptionsPage
