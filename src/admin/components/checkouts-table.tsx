import {
  Container,
  createDataTableColumnHelper,
  createDataTableFilterHelper,
} from "@medusajs/ui"
import { useMemo, type ReactNode } from "react"
import {
  GATEWAYS,
  type CheckoutOrigin,
  type CheckoutStatus,
  type Gateway,
  type PaylinkCheckout,
} from "../../types"
import { awaitsConfirmation, useCheckouts } from "../lib/checkouts"
import { useFormat } from "../lib/format"
import { useLabels, usePaylinkTranslation } from "../lib/labels"
import {
  dateRange,
  useDateFilter,
  useListState,
  useListTable,
} from "../lib/use-list-state"
import { CheckoutDetailsTooltip } from "./checkout-details-tooltip"
import { OpenCheckoutButton } from "./checkout-drawer"
import { CheckoutLink } from "./checkout-link"
import {
  CHECKOUT_STATUS_ORDER,
  CheckoutStatusBadge,
} from "./checkout-status-badge"
import { ConfirmButton } from "./confirm-button"
import { ListTable } from "./list-table"

const PAGE_SIZE = 20

/** The origin filter's two choices: the storefront's checkouts, or the links made in the admin. */
const ORIGINS: Record<
  "storefront" | "admin",
  CheckoutOrigin | CheckoutOrigin[]
> = {
  storefront: "storefront",
  admin: ["order", "draft_order"],
}

const filters = createDataTableFilterHelper<PaylinkCheckout>()
const columns = createDataTableColumnHelper<PaylinkCheckout>()

/**
 * A click on something of the row's own, or in something it opened (React brings a prompt's or
 * tooltip's clicks to the row), does not open its details.
 */
function isOwnClick(event: React.MouseEvent<HTMLElement>) {
  const target = event.target as HTMLElement
  return (
    !event.currentTarget.contains(target) ||
    !!target.closest("a, button, input, [role='button']")
  )
}

/**
 * A cell's words wrap inside a narrow column instead of being cut short, so the table fits a
 * 1280 px window in Spanish too.
 */
function Wraps({ children }: { children: ReactNode }) {
  return <div className="whitespace-normal py-2">{children}</div>
}

/** Every payment link, newest first; `actions` sit in the header beside the filter menu. */
export function CheckoutsTable({
  onOpen,
  actions,
}: {
  onOpen: (checkout: PaylinkCheckout) => void
  actions?: ReactNode
}) {
  const { t } = usePaylinkTranslation()
  const labels = useLabels()
  const format = useFormat()
  const list = useListState(PAGE_SIZE)
  const origin = list.radio<keyof typeof ORIGINS>("origin")
  const { data, isLoading, isPlaceholderData, error } = useCheckouts({
    status: list.radio<CheckoutStatus>("status"),
    gateway: list.radio<Gateway>("gateway"),
    origin: origin && ORIGINS[origin],
    created_at: dateRange(list.values.created_at),
    order: "-created_at",
    ...list.page,
  })

  const confirmable = !!data?.checkouts.some(awaitsConfirmation)
  const dateFilter = useDateFilter("created_at", t("checkouts.filters.created"))
  const FILTERS = useMemo(
    () => [
      filters.accessor("status", {
        type: "radio",
        label: t("checkouts.filters.status"),
        options: CHECKOUT_STATUS_ORDER.map((s) => ({
          value: s,
          label: labels.status(s),
        })),
      }),
      filters.accessor("gateway", {
        type: "radio",
        label: t("checkouts.filters.gateway"),
        options: GATEWAYS.map((g) => ({ value: g, label: labels.gateway(g) })),
      }),
      filters.accessor("origin", {
        type: "radio",
        label: t("checkouts.filters.origin"),
        options: (Object.keys(ORIGINS) as (keyof typeof ORIGINS)[]).map(
          (o) => ({ value: o, label: t(`checkouts.filters.${o}`) })
        ),
      }),
      dateFilter,
    ],
    [t, labels, dateFilter]
  )

  const COLUMNS = useMemo(
    () => [
      columns.accessor("number", {
        header: t("checkouts.columns.number"),
        cell: ({ row }) => (
          <OpenCheckoutButton checkout={row.original} onOpen={onOpen} />
        ),
      }),
      columns.accessor("gateway", {
        header: t("checkouts.columns.gateway"),
        truncateTooltip: false,
        cell: ({ getValue }) => <Wraps>{labels.gateway(getValue())}</Wraps>,
      }),
      columns.accessor("status", {
        header: t("checkouts.columns.status"),
        // The details icon has its own tooltip.
        truncateTooltip: false,
        cell: ({ row }) => (
          <div className="flex items-center gap-x-1.5">
            <CheckoutStatusBadge checkout={row.original} />
            <CheckoutDetailsTooltip checkout={row.original} />
          </div>
        ),
      }),
      columns.accessor("amount", {
        header: t("checkouts.columns.amount"),
        cell: ({ row }) => format.amount(row.original),
      }),
      columns.accessor("origin", {
        header: t("checkouts.columns.origin"),
        truncateTooltip: false,
        cell: ({ getValue }) => <Wraps>{labels.origin(getValue())}</Wraps>,
      }),
      columns.accessor("order_id", {
        header: t("checkouts.columns.link"),
        truncateTooltip: false,
        cell: ({ row }) => (
          <Wraps>
            <CheckoutLink checkout={row.original} />
          </Wraps>
        ),
      }),
      columns.accessor("created_at", {
        header: t("checkouts.columns.created"),
        truncateTooltip: false,
        cell: ({ getValue }) => {
          const at = format.dateParts(getValue())
          return at ? (
            <Wraps>
              <span className="whitespace-nowrap">{at.day}</span>{" "}
              <span className="whitespace-nowrap">{at.time}</span>
            </Wraps>
          ) : (
            "—"
          )
        },
      }),
      // Only while a row of the page waits for its confirmation: an empty column would only take room.
      ...(confirmable
        ? [
            // An accessor (not a display column) only to opt out of the truncating wrapper, which clips a button.
            columns.accessor("confirmed_at", {
              id: "confirm",
              header: "",
              truncateTooltip: false,
              cell: ({ row }) =>
                awaitsConfirmation(row.original) ? (
                  <div className="flex justify-end">
                    <ConfirmButton checkout={row.original} />
                  </div>
                ) : null,
            }),
          ]
        : []),
    ],
    [t, labels, format, onOpen, confirmable]
  )

  const table = useListTable(list, {
    columns: COLUMNS,
    rows: data?.checkouts,
    count: data?.count,
    isLoading,
    filters: FILTERS,
    // DataTable hands over its row (the record is its `original`), whatever its type says.
    onRowClick: (event, row) => {
      if (!isOwnClick(event)) {
        onOpen(
          (row as unknown as { original: PaylinkCheckout }).original ?? row
        )
      }
    },
  })

  return (
    <Container className="divide-y p-0" data-testid="paylink-checkouts">
      <ListTable
        table={table}
        heading={t("checkouts.title")}
        level="h1"
        actions={actions}
        error={error}
        busy={isPlaceholderData}
        empty={t("checkouts.empty")}
        emptyFiltered={t("checkouts.emptyFiltered")}
        testId="paylink-checkouts"
      />
    </Container>
  )
}
