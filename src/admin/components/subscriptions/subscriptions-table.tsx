import {
  Container,
  createDataTableColumnHelper,
  createDataTableFilterHelper,
} from "@medusajs/ui"
import { useMemo, type ReactNode } from "react"
import {
  SUBSCRIPTION_STATUSES,
  type Subscription,
  type SubscriptionStatus,
} from "../../../types"
import { useFormat } from "../../lib/format"
import { usePaylinkTranslation } from "../../lib/labels"
import {
  amountOf,
  customerName,
  goodsSummary,
  planText,
} from "../../lib/subscription-format"
import { useSubscriptions } from "../../lib/subscriptions"
import { useListState, useListTable } from "../../lib/use-list-state"
import { ListTable } from "../list-table"
import { SubscriptionStatusBadge } from "./subscription-status-badge"

const PAGE_SIZE = 20

const filters = createDataTableFilterHelper<Subscription>()
const columns = createDataTableColumnHelper<Subscription>()

/** A cell's words wrap inside a narrow column, so the table fits a 1280 px window in Spanish too. */
function Wraps({ children }: { children: ReactNode }) {
  return <div className="whitespace-normal py-2">{children}</div>
}

/** A day as the lists write it ("28 nov 2026"): a charge's hour tells the merchant nothing here. */
function Day({ iso }: { iso: string | null }) {
  const format = useFormat()
  const at = format.dateParts(iso)
  return at ? <span className="whitespace-nowrap">{at.day}</span> : <>—</>
}

/** Every subscription, newest first; a row opens its drawer. */
export function SubscriptionsTable({
  onOpen,
}: {
  onOpen: (subscription: Subscription) => void
}) {
  const { t } = usePaylinkTranslation()
  const format = useFormat()
  const list = useListState(PAGE_SIZE)
  const { data, isLoading, isPlaceholderData, error } = useSubscriptions({
    status: list.many<SubscriptionStatus>("status"),
    q: list.q,
    order: "-created_at",
    ...list.page,
  })

  const FILTERS = useMemo(
    () => [
      filters.accessor("status", {
        type: "multiselect",
        label: t("subscriptions.filters.status"),
        // The menu's own search box is in English only; three choices need none.
        searchable: false,
        options: SUBSCRIPTION_STATUSES.map((s) => ({
          value: s,
          label: t(`subscriptions.statuses.${s}`),
        })),
      }),
    ],
    [t]
  )

  const COLUMNS = useMemo(
    () => [
      columns.accessor("customer_name", {
        size: 208,
        header: t("subscriptions.columns.customer"),
        truncateTooltip: false,
        cell: ({ row: { original: s } }) => (
          <Wraps>
            <button
              type="button"
              className="txt-compact-small-plus text-ui-fg-base hover:text-ui-fg-interactive focus-visible:shadow-borders-focus block rounded-sm text-left outline-none [overflow-wrap:anywhere]"
              aria-haspopup="dialog"
              aria-label={t("subscriptions.open", { number: s.number })}
              onClick={() => onOpen(s)}
            >
              {customerName(s) ?? t("subscriptions.noCustomer")}
            </button>
            {s.customer_name && s.email && (
              <span className="txt-compact-xsmall text-ui-fg-subtle block [overflow-wrap:anywhere]">
                {s.email}
              </span>
            )}
          </Wraps>
        ),
      }),
      columns.accessor("items", {
        size: 192,
        header: t("subscriptions.columns.goods"),
        truncateTooltip: false,
        cell: ({ getValue }) => {
          const goods = goodsSummary(getValue())
          return (
            <Wraps>
              {goods.first ?? "—"}
              {goods.more > 0 && (
                <span className="text-ui-fg-subtle whitespace-nowrap">
                  {" "}
                  {t("subscriptions.moreGoods", { count: goods.more })}
                </span>
              )}
            </Wraps>
          )
        },
      }),
      columns.accessor("plan", {
        size: 112,
        header: t("subscriptions.columns.plan"),
        truncateTooltip: false,
        cell: ({ getValue }) => <Wraps>{planText(t, getValue())}</Wraps>,
      }),
      columns.accessor("amount", {
        size: 96,
        header: t("subscriptions.columns.amount"),
        cell: ({ row: { original: s } }) => {
          const amount = amountOf(s.amount)
          return amount === null
            ? "—"
            : format.amount({ amount, currency_code: s.currency_code })
        },
      }),
      columns.accessor("last_charge_at", {
        size: 112,
        header: t("subscriptions.columns.lastCharge"),
        truncateTooltip: false,
        cell: ({ getValue }) => (
          <Wraps>
            <Day iso={getValue()} />
          </Wraps>
        ),
      }),
      columns.accessor("next_charge_at", {
        size: 160,
        header: t("subscriptions.columns.nextCharge"),
        truncateTooltip: false,
        // The charge a report showed missing, in the overdue badge's color.
        cell: ({ getValue, row: { original: s } }) => (
          <Wraps>
            <span
              className={
                s.status === "renewal_overdue"
                  ? "text-ui-tag-orange-text"
                  : undefined
              }
            >
              <Day iso={getValue()} />
            </span>
          </Wraps>
        ),
      }),
      columns.accessor("status", {
        size: 152,
        header: t("subscriptions.columns.status"),
        truncateTooltip: false,
        cell: ({ getValue }) => <SubscriptionStatusBadge status={getValue()} />,
      }),
    ],
    [t, format, onOpen]
  )

  const table = useListTable(list, {
    columns: COLUMNS,
    rows: data?.subscriptions,
    count: data?.count,
    isLoading,
    filters: FILTERS,
    searchable: true,
    // DataTable hands over its row (the record is its `original`), whatever its type says.
    onRowClick: (event, row) => {
      const target = event.target as HTMLElement
      if (target.closest("a, button, input, [role='button']")) return
      onOpen((row as unknown as { original: Subscription }).original ?? row)
    },
  })

  return (
    <Container className="divide-y p-0" data-testid="paylink-subscriptions">
      <ListTable
        table={table}
        heading={t("subscriptions.title")}
        level="h1"
        error={error}
        busy={isPlaceholderData}
        search={t("subscriptions.search")}
        empty={t("subscriptions.empty")}
        emptyDescription={t("subscriptions.emptyDescription")}
        emptyFiltered={t("subscriptions.emptyFiltered")}
        testId="paylink-subscriptions"
        fixedLayout
      />
    </Container>
  )
}
