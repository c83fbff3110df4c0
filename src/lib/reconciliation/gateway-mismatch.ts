import type { ReconciliationCounts, ReconciliationGatewayMismatch } from "../../types/reconciliation"

/**
 * A report whose payment rows all match no link of the chosen gateway (each `unknown`: no record,
 * or another gateway's), while that gateway has orders in the report's period: most likely another
 * gateway's export uploaded under this one. A file with no payment row at all (its rows' statuses are
 * not the mapping's paid statuses, or it is another gateway's with other status words) is the same
 * case: its dates still set the period. Applied as is, it would flag every one of those orders
 * unverified, so the merchant is told before and must confirm. Null when any row matched, or when
 * there is no order it could wrongly flag.
 */
export function gatewayMismatch(counts: ReconciliationCounts): ReconciliationGatewayMismatch | null {
  const matching = counts.matched + counts.paid_no_order + counts.amount_mismatch
  if (matching > 0 || counts.order_no_payment === 0) return null
  return { payments: counts.unknown, records: counts.order_no_payment }
}
