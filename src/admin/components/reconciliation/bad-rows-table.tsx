import { createDataTableColumnHelper, Text } from "@medusajs/ui"
import { useMemo } from "react"
import type { Reconciliation, ReconciliationBadRow } from "../../../types"
import { usePaylinkTranslation } from "../../lib/labels"
import { useReconciliationBadRows } from "../../lib/reconciliations"
import { useListState, useListTable } from "../../lib/use-list-state"
import { ListTable } from "../list-table"

const PAGE_SIZE = 20
type Row = ReconciliationBadRow & { id: string }
const columns = createDataTableColumnHelper<Row>()

export function BadRowsTable({
  reconciliation: r,
}: {
  reconciliation: Reconciliation
}) {
  const { t } = usePaylinkTranslation()
  const list = useListState(PAGE_SIZE)
  const { data, isLoading, isPlaceholderData, error } =
    useReconciliationBadRows(r.id, list.page, `${r.status}:${r.rows_read}`)
  // A bad row has no id of its own: one line can break several columns.
  const rows = useMemo(
    () => data?.bad_rows.map((b) => ({ ...b, id: `${b.line}:${b.column}` })),
    [data]
  )

  const COLUMNS = useMemo(
    () => [
      columns.accessor("line", {
        header: t("reconcile.badRows.line"),
        size: 48,
      }),
      columns.accessor("column", {
        header: t("reconcile.badRows.column"),
        size: 136,
      }),
      columns.accessor("value", {
        header: t("reconcile.badRows.value"),
        size: 200,
        cell: ({ getValue }) => (
          <span className="block max-w-[200px] truncate font-mono text-xs">
            {getValue() || "—"}
          </span>
        ),
      }),
      columns.accessor("reason", {
        header: t("reconcile.badRows.reason"),
        // Every column sized: one left to DataTable's percentage squeezes the others.
        size: 296,
        truncateTooltip: false,
        cell: ({ getValue }) => (
          <Text
            size="small"
            className="text-ui-fg-error whitespace-normal py-2"
          >
            {getValue()}
          </Text>
        ),
      }),
    ],
    [t]
  )
  const table = useListTable(list, {
    columns: COLUMNS,
    rows,
    count: data?.count,
    isLoading,
    filters: [],
  })
  return (
    <ListTable
      table={table}
      heading={t("reconcile.groups.bad_rows")}
      error={error}
      busy={isPlaceholderData}
      fixedLayout
      empty={t("reconcile.badRows.empty")}
      emptyFiltered={t("reconcile.badRows.empty")}
      testId="paylink-reconcile-bad-rows"
    />
  )
}
