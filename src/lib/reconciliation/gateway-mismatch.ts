import type {
  ReconciliationCounts,
  ReconciliationGatewayMismatch,
} from "../../types/reconciliation"

/**
 * Most likely another gateway's export uploaded under this one: no payment row matched, while the
 * gateway has orders in the period (docs/architecture.md#paid-short-and-another-gateways-export).
 */
export function gatewayMismatch(
  counts: ReconciliationCounts
): ReconciliationGatewayMismatch | null {
  const matching =
    counts.matched + counts.paid_no_order + counts.amount_mismatch
  if (matching > 0 || counts.order_no_payment === 0) return null
  return { payments: counts.unknown, records: counts.order_no_payment }
}
