import { StatusBadge } from "@medusajs/ui"
import type { RedemptionStatus } from "../../../types"
import { useLabels } from "../../lib/labels"

const COLORS: Record<
  RedemptionStatus,
  "green" | "blue" | "orange" | "grey" | "red"
> = {
  redeemed: "green",
  authorized: "blue",
  pending: "orange",
  unknown: "red",
  stale: "orange",
  removed: "grey",
  failed: "red",
}

/** A redemption's status in the admin's language (`benefits.statuses.<status>` in src/admin/i18n). */
export function RedemptionStatusBadge({
  status,
}: {
  status: RedemptionStatus
}) {
  const labels = useLabels()
  return (
    <StatusBadge color={COLORS[status] ?? "grey"}>
      {labels.redemption(status)}
    </StatusBadge>
  )
}
