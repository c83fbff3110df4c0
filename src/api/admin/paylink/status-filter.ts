/**
 * The list's status filter as the merchant reads the statuses: "Canceled by the customer" finds
 * every link the customer canceled on the gateway's page, also when the store withdrew it later (a
 * new link for the same cart withdraws it, and `canceled_by` keeps the customer's cancel);
 * "Withdrawn" finds only the store's own withdrawals. Other statuses filter as stored.
 */
export function byStatusAsShown(
  filters: Record<string, unknown>
): Record<string, unknown> {
  const { status, ...rest } = filters
  if (status === "canceled") {
    return {
      ...rest,
      $or: [
        { status: "canceled" },
        { status: "withdrawn", canceled_by: "customer" },
      ],
    }
  }
  if (status === "withdrawn") {
    return { ...rest, status, canceled_by: "store" }
  }
  return filters
}
