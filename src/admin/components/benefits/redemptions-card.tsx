import {
  Container,
  createDataTableColumnHelper,
  createDataTableFilterHelper,
  DataTable,
  Heading,
  Text,
} from "@medusajs/ui"
import { Link } from "react-router-dom"
import { REDEMPTION_STATUSES, type BenefitRedemption, type RedemptionStatus } from "../../../types"
import { useRedemptions } from "../../lib/benefits"
import { formatGtq } from "../../lib/format"
import { useListState, useListTable } from "../../lib/use-list-state"
import { REDEMPTION_STATUS_LABELS, RedemptionStatusBadge } from "./redemption-status-badge"

const PAGE_SIZE = 20

const TEXT = {
  heading: "Recent redemptions",
  card: "Card",
  cardLast4: (last4: string) => `•••• ${last4}`,
  discount: "Discount",
  discountOf: (discount: number, total: number) => `${formatGtq(discount)} of ${formatGtq(total)}`,
  status: "Status",
  authorization: "Authorization",
  confirmation: "Confirmation",
  order: "Order",
  viewOrder: "View order",
  addFilter: "Add filter",
  clearFilters: "Clear all",
  empty: "No loyalty cards used yet.",
  emptyFiltered: "No redemptions match these filters.",
}

const filters = createDataTableFilterHelper<BenefitRedemption>()

const FILTERS = [
  filters.accessor("status", {
    type: "radio",
    label: TEXT.status,
    options: REDEMPTION_STATUSES.map((s) => ({ value: s, label: REDEMPTION_STATUS_LABELS[s] })),
  }),
]

const columns = createDataTableColumnHelper<BenefitRedemption>()

const COLUMNS = [
  columns.accessor("card_last4", { header: TEXT.card, cell: ({ getValue }) => TEXT.cardLast4(getValue()) }),
  columns.accessor("discount", { header: TEXT.discount, cell: ({ row }) => TEXT.discountOf(row.original.discount, row.original.total) }),
  columns.accessor("status", { header: TEXT.status, cell: ({ getValue }) => <RedemptionStatusBadge status={getValue()} /> }),
  columns.accessor("authorization", { header: TEXT.authorization, cell: ({ getValue }) => getValue() ?? "—" }),
  columns.accessor("confirmation", { header: TEXT.confirmation, cell: ({ getValue }) => getValue() ?? "—" }),
  columns.accessor("order_id", {
    header: TEXT.order,
    cell: ({ getValue }) => {
      const id = getValue()
      return id ? <Link to={`/orders/${id}`}>{TEXT.viewOrder}</Link> : "—"
    },
  }),
]

/** The latest uses of loyalty cards, with the program's codes, newest first, a page at a time. */
export function RedemptionsCard() {
  const list = useListState(PAGE_SIZE)
  const { data, isLoading, error } = useRedemptions({
    status: list.values.status as RedemptionStatus | undefined,
    ...list.page,
  })

  const table = useListTable(list, { columns: COLUMNS, rows: data?.redemptions, count: data?.count, isLoading, filters: FILTERS })

  return (
    <Container className="divide-y p-0" data-testid="benefits-redemptions">
      <DataTable instance={table}>
        <DataTable.Toolbar className="flex items-center justify-between gap-x-2" translations={{ clearAll: TEXT.clearFilters }}>
          <Heading level="h2">{TEXT.heading}</Heading>
          <DataTable.FilterMenu tooltip={TEXT.addFilter} />
        </DataTable.Toolbar>
        {error && <Text className="text-ui-fg-error px-6 py-4">{error.message}</Text>}
        <DataTable.Table emptyState={{ empty: { heading: TEXT.empty }, filtered: { heading: TEXT.emptyFiltered } }} />
        <DataTable.Pagination />
      </DataTable>
    </Container>
  )
}
