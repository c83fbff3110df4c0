import { StatusBadge } from "@medusajs/ui"
import type { RedemptionStatus } from "../../../types"

/**
 * What the merchant reads for each redemption status: the badge here and the redemptions' status
 * filter. Today the status's own word, one table for translation.
 */
export const REDEMPTION_STATUS_LABELS: Record<RedemptionStatus, string> = {
  pending: "pending",
  authorized: "authorized",
  unknown: "unknown",
  stale: "stale",
  removed: "removed",
  redeemed: "redeemed",
  failed: "failed",
}

const COLORS: Record<RedemptionStatus, "green" | "blue" | "orange" | "grey" | "red"> = {
  redeemed: "green",
  authorized: "blue",
  pending: "orange",
  unknown: "red",
  stale: "orange",
  removed: "grey",
  failed: "red",
}

export function RedemptionStatusBadge({ status }: { status: RedemptionStatus }) {
  return <StatusBadge color={COLORS[status] ?? "grey"}>{REDEMPTION_STATUS_LABELS[status] ?? status}</StatusBadge>
}
