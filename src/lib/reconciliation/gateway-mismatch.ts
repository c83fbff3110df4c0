import type { ReconciliationCounts, ReconciliationGatewayMismatch } from "../../types/reconciliation"

/**
 * A report whose payment rows all match no link of the chosen gateway (each `unknown`: no record,
 * or another gateway's), while that gateway has orders in the report's period: most likely another
 * gateway's export uploaded under this one. Applied as is, it would flag every one of those orders
 * unverified, so the merchant is told before and must confirm. Null when any row matched, when the
 * file has no payment, or when there is no order it could wrongly flag.
 */
export function gatewayMismatch(counts: ReconciliationCounts): ReconciliationGatewayMismatch | null {
  const matching = counts.matched + counts.paid_no_order + counts.amount_mismatch
  if (matching > 0 || counts.unknown === 0 || counts.order_no_payment === 0) return null
  return { payments: counts.unknown, records: counts.order_no_payment }
}
