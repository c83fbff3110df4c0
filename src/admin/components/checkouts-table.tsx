import {
  Container,
  createDataTableColumnHelper,
  createDataTableFilterHelper,
  DataTable,
  Heading,
  Text,
} from "@medusajs/ui"
import { Link } from "react-router-dom"
import { GATEWAYS, type CheckoutStatus, type Gateway, type PaylinkCheckout } from "../../types"
import { awaitsConfirmation, useCheckouts } from "../lib/checkouts"
import { formatAmount, formatDate } from "../lib/format"
import { useListState, useListTable } from "../lib/use-list-state"
import { CheckoutDetailsTooltip } from "./checkout-details-tooltip"
import { CHECKOUT_STATUS_LABELS, CheckoutStatusBadge } from "./checkout-status-badge"
import { ConfirmButton } from "./confirm-button"
import { GATEWAY_LABELS } from "./gateway-labels"

const PAGE_SIZE = 20

const TEXT = {
  title: "Payment links",
  status: "Status",
  gateway: "Gateway",
  number: "Number",
  amount: "Amount",
  order: "Order",
  created: "Created",
  viewOrder: "View order",
  addFilter: "Add filter",
  clearFilters: "Clear all",
  empty: "No payment links yet.",
  emptyFiltered: "No payment links match these filters.",
}

const filters = createDataTableFilterHelper<PaylinkCheckout>()

const FILTERS = [
  filters.accessor("status", {
    type: "radio",
    label: TEXT.status,
    options: (Object.keys(CHECKOUT_STATUS_LABELS) as CheckoutStatus[]).map((s) => ({ value: s, label: CHECKOUT_STATUS_LABELS[s] })),
  }),
  filters.accessor("gateway", {
    type: "radio",
    label: TEXT.gateway,
    options: GATEWAYS.map((g) => ({ value: g, label: GATEWAY_LABELS[g] })),
  }),
]

const columns = createDataTableColumnHelper<PaylinkCheckout>()

const COLUMNS = [
  columns.accessor("number", { header: TEXT.number, cell: ({ getValue }) => `#${getValue()}` }),
  columns.accessor("gateway", { header: TEXT.gateway, cell: ({ getValue }) => GATEWAY_LABELS[getValue()] }),
  columns.accessor("status", {
    header: TEXT.status,
    // The details icon has its own tooltip.
    truncateTooltip: false,
    cell: ({ row }) => (
      <div className="flex items-center gap-x-1.5">
        <CheckoutStatusBadge checkout={row.original} />
        <CheckoutDetailsTooltip checkout={row.original} />
      </div>
    ),
  }),
  columns.accessor("amount", { header: TEXT.amount, cell: ({ row }) => formatAmount(row.original) }),
  columns.accessor("order_id", {
    header: TEXT.order,
    cell: ({ getValue }) => {
      const id = getValue()
      return id ? <Link to={`/orders/${id}`}>{TEXT.viewOrder}</Link> : "—"
    },
  }),
  columns.accessor("created_at", { header: TEXT.created, cell: ({ getValue }) => formatDate(getValue()) }),
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

/** Every payment link the store created, newest first, filtered by status and gateway, a page at a time. */
export function CheckoutsTable() {
  const list = useListState(PAGE_SIZE)
  const { data, isLoading, error } = useCheckouts({
    status: list.values.status as CheckoutStatus | undefined,
    gateway: list.values.gateway as Gateway | undefined,
    order: "-created_at",
    ...list.page,
  })

  const table = useListTable(list, { columns: COLUMNS, rows: data?.checkouts, count: data?.count, isLoading, filters: FILTERS })

  return (
    <Container className="divide-y p-0" data-testid="paylink-checkouts">
      <DataTable instance={table}>
        <DataTable.Toolbar className="flex items-center justify-between gap-x-2" translations={{ clearAll: TEXT.clearFilters }}>
          <Heading level="h1">{TEXT.title}</Heading>
          <div data-testid="paylink-checkouts-filter-menu">
            <DataTable.FilterMenu tooltip={TEXT.addFilter} />
          </div>
        </DataTable.Toolbar>
        {error && <Text className="text-ui-fg-error px-6 py-4">{error.message}</Text>}
        <div data-testid="paylink-checkouts-table">
          <DataTable.Table emptyState={{ empty: { heading: TEXT.empty }, filtered: { heading: TEXT.emptyFiltered } }} />
        </div>
        <DataTable.Pagination />
      </DataTable>
    </Container>
  )
}
