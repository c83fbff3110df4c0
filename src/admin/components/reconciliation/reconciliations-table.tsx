import { Container, createDataTableColumnHelper } from "@medusajs/ui"
import { useMemo } from "react"
import { useNavigate } from "react-router-dom"
import type { Reconciliation } from "../../../types"
import { useFormat } from "../../lib/format"
import { usePaylinkTranslation } from "../../lib/labels"
import { formatPeriod } from "../../lib/reconciliation-format"
import { useReconcileGatewayLabels } from "../../lib/reconciliation-gateways"
import { useReconciliations } from "../../lib/reconciliations"
import { useListState, useListTable } from "../../lib/use-list-state"
import { useUserName } from "../../lib/users"
import { ListTable } from "../list-table"
import { GroupCounts } from "./group-counts"
import { NewReconciliationModal } from "./new-reconciliation-modal"
import {
  ReadProgress,
  ReconciliationStatusBadge,
} from "./reconciliation-status"

const PAGE_SIZE = 20
const columns = createDataTableColumnHelper<Reconciliation>()

function UserName({ id }: { id: string | null }) {
  return <>{useUserName(id) ?? "—"}</>
}

export function ReconciliationsTable() {
  const { t } = usePaylinkTranslation()
  const format = useFormat()
  const names = useReconcileGatewayLabels()
  const navigate = useNavigate()
  const list = useListState(PAGE_SIZE)
  const { data, isLoading, isPlaceholderData, error } = useReconciliations(
    list.page
  )

  const COLUMNS = useMemo(
    () => [
      columns.accessor("created_at", {
        header: t("reconcile.columns.date"),
        cell: ({ getValue }) => format.date(getValue()),
      }),
      columns.accessor("gateway", {
        header: t("reconcile.columns.gateway"),
        cell: ({ getValue }) => names.name(getValue()),
      }),
      columns.accessor("file_name", {
        header: t("reconcile.columns.file"),
        cell: ({ getValue }) => (
          <span className="block max-w-[180px] truncate" title={getValue()}>
            {getValue()}
          </span>
        ),
      }),
      columns.accessor("period_start", {
        header: t("reconcile.columns.period"),
        cell: ({ row }) => formatPeriod(row.original, format.locale) ?? "—",
      }),
      columns.accessor("counts", {
        header: t("reconcile.columns.groups"),
        truncateTooltip: false,
        cell: ({ row }) =>
          row.original.status === "reading" ||
          row.original.status === "failed" ? (
            "—"
          ) : (
            <GroupCounts counts={row.original.counts} />
          ),
      }),
      columns.accessor("status", {
        header: t("reconcile.columns.status"),
        truncateTooltip: false,
        cell: ({ row }) =>
          row.original.status === "reading" ? (
            <ReadProgress reconciliation={row.original} compact />
          ) : (
            <ReconciliationStatusBadge status={row.original.status} />
          ),
      }),
      columns.accessor("created_by", {
        header: t("reconcile.columns.who"),
        cell: ({ getValue }) => <UserName id={getValue()} />,
      }),
    ],
    [t, format, names]
  )

  const table = useListTable(list, {
    columns: COLUMNS,
    rows: data?.reconciliations,
    count: data?.count,
    isLoading,
    filters: [],
    onRowClick: (_event, row) => {
      const r = (row as unknown as { original: Reconciliation }).original ?? row
      navigate(`/payment-links/reconciliations/${r.id}`)
    },
  })

  return (
    <Container className="divide-y p-0" data-testid="paylink-reconciliations">
      <ListTable
        table={table}
        heading={t("reconcile.title")}
        level="h1"
        actions={<NewReconciliationModal />}
        error={error}
        busy={isPlaceholderData}
        empty={t("reconcile.empty")}
        emptyFiltered={t("reconcile.empty")}
        testId="paylink-reconciliations"
      />
    </Container>
  )
}
