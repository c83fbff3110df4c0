import { Badge, createDataTableColumnHelper, Text } from "@medusajs/ui"
import { useQueryClient } from "@tanstack/react-query"
import { useMemo } from "react"
import { Link } from "react-router-dom"
import type {
  AdminPaylinkCheckoutResponse,
  EntryAction,
  PaylinkCheckout,
  Reconciliation,
  ReconciliationEntry,
  ReconciliationGroup,
} from "../../../types"
import { useFormat } from "../../lib/format"
import { usePaylinkTranslation } from "../../lib/labels"
import { checkoutKeys } from "../../lib/query-keys"
import { useReconciliationEntries } from "../../lib/reconciliations"
import { sdk } from "../../lib/sdk"
import { useListState, useListTable } from "../../lib/use-list-state"
import { ListTable } from "../list-table"

const PAGE_SIZE = 20

/** What applying does, by color: green confirms, orange and red flag what the merchant must check. */
const ACTION_COLORS: Record<EntryAction, "green" | "orange" | "red"> = {
  verified: "green",
  unverified: "orange",
  short: "red",
  needs_attention: "red",
  renewal_order: "green",
  renewal_overdue: "orange",
}
const columns = createDataTableColumnHelper<ReconciliationEntry>()

/** Opens the record's details (read first: the entry holds only its id). */
function RecordButton({
  entry,
  onOpen,
}: {
  entry: ReconciliationEntry
  onOpen: (c: PaylinkCheckout) => void
}) {
  const { t } = usePaylinkTranslation()
  const client = useQueryClient()
  const id = entry.checkout_record_id!
  const open = async () => {
    const { checkout } = await client.fetchQuery({
      queryKey: checkoutKeys.detail(id),
      queryFn: () =>
        sdk.client.fetch<AdminPaylinkCheckoutResponse>(
          `/admin/paylink/checkouts/${id}`
        ),
    })
    onOpen(checkout)
  }
  return (
    <button
      type="button"
      className="txt-compact-small-plus text-ui-fg-interactive hover:text-ui-fg-interactive-hover focus-visible:shadow-borders-focus rounded-sm outline-none"
      aria-haspopup="dialog"
      aria-label={t("reconcile.entries.openRecord", {
        number: entry.checkout_number,
      })}
      onClick={open}
    >
      #{entry.checkout_number}
    </button>
  )
}

/**
 * One group's entries, in the file's order. Every column has a fixed width (an automatic layout
 * clipped the last badge), adding up to what a 1280 px screen leaves beside the sidebar; the
 * reason comes last and wraps.
 */
export function EntriesTable({
  reconciliation: r,
  group,
  onOpen,
}: {
  reconciliation: Reconciliation
  group: ReconciliationGroup
  onOpen: (c: PaylinkCheckout) => void
}) {
  const { t } = usePaylinkTranslation()
  const format = useFormat()
  const list = useListState(PAGE_SIZE)
  const version = `${r.status}:${r.rows_read}:${r.applied_at ?? ""}`
  const { data, isLoading, isPlaceholderData, error } =
    useReconciliationEntries(r.id, group, list.page, version)

  const COLUMNS = useMemo(() => {
    const money = (amount: number | null, currency: string | null) =>
      amount === null
        ? "—"
        : format.amount({ amount, currency_code: currency ?? "GTQ" })
    return [
      columns.accessor("line", {
        header: t("reconcile.entries.line"),
        size: 48,
        cell: ({ getValue }) => getValue() ?? "—",
      }),
      columns.accessor("reference", {
        header: t("reconcile.entries.reference"),
        size: 80,
        cell: ({ getValue }) => (
          <span className="block max-w-[80px] truncate font-mono text-xs">
            {getValue() ?? "—"}
          </span>
        ),
      }),
      columns.accessor("paid_at", {
        header: t("reconcile.entries.paidAt"),
        size: 120,
        truncateTooltip: false,
        cell: ({ getValue, row: { original: e } }) => {
          const v = getValue()
          if (!v) return "—"
          const at = new Date(v).toLocaleString(format.locale, {
            dateStyle: "short",
            timeStyle: "short",
          })
          // A renewal not charged has no row: its date is the charge expected.
          return e.reason === "renewal_not_charged" ? (
            <span className="flex flex-col whitespace-normal">
              <span>{at}</span>
              <span className="txt-compact-xsmall text-ui-fg-subtle">
                {t("reconcile.entries.expectedDate")}
              </span>
            </span>
          ) : (
            at
          )
        },
      }),
      columns.accessor("reported_amount", {
        header: t("reconcile.entries.reported"),
        size: 88,
        cell: ({ row: { original: e } }) => (
          <span
            className={
              e.group === "amount_mismatch" ? "text-ui-fg-error" : undefined
            }
          >
            {money(e.reported_amount, e.reported_currency)}
          </span>
        ),
      }),
      columns.accessor("expected_amount", {
        header: t("reconcile.entries.expected"),
        size: 88,
        cell: ({ row: { original: e } }) =>
          money(e.expected_amount, e.expected_currency),
      }),
      columns.accessor("checkout_number", {
        header: t("reconcile.entries.record"),
        size: 72,
        truncateTooltip: false,
        cell: ({ row: { original: e } }) => (
          <span className="flex flex-col items-start">
            {e.checkout_record_id ? (
              <RecordButton entry={e} onOpen={onOpen} />
            ) : (
              "—"
            )}
            {e.order_id ? (
              <Link
                to={`/orders/${e.order_id}`}
                title={t("checkouts.links.idForSupport", { id: e.order_id })}
                className="txt-compact-xsmall text-ui-fg-interactive hover:text-ui-fg-interactive-hover whitespace-nowrap"
              >
                {e.order_display_id
                  ? t("checkouts.links.order", { number: e.order_display_id })
                  : t("reconcile.entries.viewOrder")}
              </Link>
            ) : (
              e.checkout_record_id && (
                <span className="txt-compact-xsmall text-ui-fg-muted">
                  {t("reconcile.entries.noOrder")}
                </span>
              )
            )}
          </span>
        ),
      }),
      columns.accessor("action", {
        header: t("reconcile.entries.action"),
        size: 152,
        truncateTooltip: false,
        cell: ({ row: { original: e } }) =>
          e.action ? (
            <span className="flex flex-col items-start gap-y-0.5 whitespace-normal">
              {/* Wraps inside its column rather than overflowing it: the table's layout may give the column less than the label. */}
              <Badge
                size="2xsmall"
                className="h-auto whitespace-normal py-0.5 text-left"
                color={ACTION_COLORS[e.action]}
              >
                {t(`reconcile.actions.${e.action}`)}
              </Badge>
              <span className="txt-compact-xsmall text-ui-fg-subtle">
                {t(
                  e.applied
                    ? e.changed
                      ? "reconcile.entries.applied"
                      : "reconcile.entries.alreadySo"
                    : "reconcile.entries.pending"
                )}
              </span>
            </span>
          ) : (
            <span className="whitespace-normal text-ui-fg-muted">
              {t("reconcile.entries.none")}
            </span>
          ),
      }),
      columns.accessor("reason", {
        header: t("reconcile.entries.reason"),
        size: 168,
        truncateTooltip: false,
        cell: ({ getValue }) => (
          <Text
            size="small"
            className="whitespace-normal py-2"
            data-testid="paylink-reconcile-reason"
          >
            {t(`reconcile.reasons.${getValue()}`, { defaultValue: getValue() })}
          </Text>
        ),
      }),
    ]
  }, [t, format, onOpen])

  const table = useListTable(list, {
    columns: COLUMNS,
    rows: data?.entries,
    count: data?.count,
    isLoading,
    filters: [],
  })

  return (
    <ListTable
      table={table}
      heading={t(`reconcile.groups.${group}`)}
      error={error}
      busy={isPlaceholderData}
      fixedLayout
      empty={t("reconcile.entries.empty")}
      emptyFiltered={t("reconcile.entries.empty")}
      testId="paylink-reconcile-entries"
    />
  )
}
