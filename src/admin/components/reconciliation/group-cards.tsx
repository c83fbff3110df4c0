import { clx, Text } from "@medusajs/ui"
import {
  RECONCILIATION_GROUPS,
  type Reconciliation,
  type ReconciliationGroup,
} from "../../../types"
import { useFormat } from "../../lib/format"
import {
  appliedRenewalParts,
  renewalsOf,
} from "../../lib/reconciliation-format"
import { usePaylinkTranslation } from "../../lib/labels"

/** What the page lists: one group's entries, or the rows that could not be read. */
export type GroupTab = ReconciliationGroup | "bad_rows"
export const GROUP_TABS: GroupTab[] = [...RECONCILIATION_GROUPS, "bad_rows"]

/** Where the merchant must look: red for money without an order, orange for the rest to check. */
const ALERT: Partial<Record<GroupTab, string>> = {
  paid_no_order: "text-ui-tag-red-text",
  order_no_payment: "text-ui-tag-orange-text",
  amount_mismatch: "text-ui-tag-purple-text",
  bad_rows: "text-ui-tag-red-text",
}

/** The counts per group as cards that select a list; a grid of three or six so labels fit 1280 px in either language. */
export function GroupCards({
  reconciliation: r,
  selected,
  onSelect,
}: {
  reconciliation: Reconciliation
  selected: GroupTab
  onSelect: (tab: GroupTab) => void
}) {
  const { t } = usePaylinkTranslation()
  const format = useFormat()
  const count = (tab: GroupTab) =>
    tab === "bad_rows" ? r.rows_bad : (r.counts[tab] ?? 0)
  // What applying did to subscriptions, on the group it came from.
  const renewals = appliedRenewalParts(renewalsOf(r), r.applied_changes)
  const renewalLines = (tab: GroupTab) =>
    tab === "matched" || tab === "order_no_payment" ? renewals[tab] : []
  return (
    <div className="flex flex-col gap-y-2">
      <div
        className="grid grid-cols-3 gap-2 xl:grid-cols-6"
        role="group"
        data-testid="paylink-reconcile-groups"
      >
        {GROUP_TABS.map((tab) => {
          const n = count(tab)
          const pressed = tab === selected
          const lines = renewalLines(tab)
          return (
            <button
              key={tab}
              type="button"
              aria-pressed={pressed}
              data-group={tab}
              data-count={n}
              onClick={() => onSelect(tab)}
              className={clx(
                "bg-ui-bg-base shadow-elevation-card-rest hover:bg-ui-bg-base-hover focus-visible:shadow-borders-focus flex min-w-0 flex-col items-start gap-y-0.5 rounded-lg px-4 py-3 text-left outline-none transition-fg",
                pressed && "shadow-borders-interactive-with-active"
              )}
            >
              <span
                className={clx(
                  "txt-compact-xlarge-plus",
                  n > 0 ? (ALERT[tab] ?? "text-ui-fg-base") : "text-ui-fg-muted"
                )}
              >
                {format.count(n)}
              </span>
              <span className="txt-compact-small-plus text-ui-fg-base">
                {t(`reconcile.groups.${tab}`)}
              </span>
              <span className="txt-compact-xsmall text-ui-fg-subtle whitespace-normal">
                {t(`reconcile.groupHints.${tab}`)}
              </span>
              {lines.map((line) => (
                <span
                  key={line.key}
                  className="txt-compact-xsmall-plus text-ui-fg-base whitespace-normal"
                  data-testid="paylink-reconcile-renewals"
                  data-count={line.count}
                >
                  {t(line.key, { count: line.count })}
                </span>
              ))}
            </button>
          )
        })}
      </div>
      <Text
        size="small"
        className="text-ui-fg-subtle"
        data-testid="paylink-reconcile-skipped"
      >
        {t("reconcile.skipped", { count: r.rows_skipped })}
      </Text>
    </div>
  )
}
