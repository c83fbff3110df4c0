import { Badge } from "@medusajs/ui"
import {
  RECONCILIATION_GROUPS,
  type ReconciliationCounts,
  type ReconciliationGroup,
} from "../../../types"
import { useFormat } from "../../lib/format"
import { usePaylinkTranslation } from "../../lib/labels"

/** A group's color: green when nothing is to do, red where money arrived without an order. */
export const GROUP_COLORS: Record<
  ReconciliationGroup,
  "green" | "red" | "orange" | "grey" | "purple"
> = {
  matched: "green",
  paid_no_order: "red",
  order_no_payment: "orange",
  unknown: "grey",
  amount_mismatch: "purple",
}

/** A list row's counts per group, one small badge each, named for the screen reader and on hover. */
export function GroupCounts({ counts }: { counts: ReconciliationCounts }) {
  const { t } = usePaylinkTranslation()
  const format = useFormat()
  return (
    <span
      className="flex items-center gap-x-1"
      data-testid="paylink-reconcile-counts"
    >
      {RECONCILIATION_GROUPS.map((g) => {
        const n = format.count(counts[g] ?? 0)
        const label = `${t(`reconcile.groups.${g}`)}: ${n}`
        return (
          <Badge
            key={g}
            size="2xsmall"
            color={counts[g] ? GROUP_COLORS[g] : "grey"}
            title={label}
            aria-label={label}
            data-group={g}
          >
            {n}
          </Badge>
        )
      })}
    </span>
  )
}
