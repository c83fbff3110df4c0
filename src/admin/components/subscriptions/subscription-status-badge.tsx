import { StatusBadge } from "@medusajs/ui"
import type { SubscriptionStatus } from "../../../types"
import { usePaylinkTranslation } from "../../lib/labels"
import { SUBSCRIPTION_STATUS_COLORS } from "../../lib/subscription-format"

/** Green active, orange renewal overdue, grey ended, in the admin's language. */
export function SubscriptionStatusBadge({
  status,
}: {
  status: SubscriptionStatus
}) {
  const { t } = usePaylinkTranslation()
  return (
    <StatusBadge
      color={SUBSCRIPTION_STATUS_COLORS[status] ?? "grey"}
      className="whitespace-nowrap"
      data-testid="paylink-subscription-status"
      data-status={status}
    >
      {t(`subscriptions.statuses.${status}`, { defaultValue: status })}
    </StatusBadge>
  )
}
