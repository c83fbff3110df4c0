import {
  Container,
  createDataTableColumnHelper,
  createDataTableFilterHelper,
} from "@medusajs/ui"
import { useMemo } from "react"
import { Link } from "react-router-dom"
import {
  REDEMPTION_STATUSES,
  type BenefitRedemption,
  type RedemptionStatus,
} from "../../../types"
import { useRedemptions } from "../../lib/benefits"
import { useFormat } from "../../lib/format"
import { useLabels, usePaylinkTranslation } from "../../lib/labels"
import { useListState, useListTable } from "../../lib/use-list-state"
import { ListTable } from "../list-table"
import { RedemptionStatusBadge } from "./redemption-status-badge"

const PAGE_SIZE = 20

const filters = createDataTableFilterHelper<BenefitRedemption>()
const columns = createDataTableColumnHelper<BenefitRedemption>()

/** The latest uses of loyalty cards, with the program's codes, newest first, a page at a time. */
export function RedemptionsCard() {
  const { t } = usePaylinkTranslation()
  const labels = useLabels()
  const format = useFormat()
  const list = useListState(PAGE_SIZE)
  const { data, isLoading, isPlaceholderData, error } = useRedemptions({
    status: list.radio<RedemptionStatus>("status"),
    ...list.page,
  })

  const FILTERS = useMemo(
    () => [
      filters.accessor("status", {
        type: "radio",
        label: t("benefits.redemptions.status"),
        options: REDEMPTION_STATUSES.map((s) => ({
          value: s,
          label: labels.redemption(s),
        })),
      }),
    ],
    [t, labels]
  )

  const COLUMNS = useMemo(
    () => [
      columns.accessor("card_last4", {
        header: t("benefits.redemptions.card"),
        cell: ({ getValue }) =>
          t("benefits.redemptions.cardLast4", { last4: getValue() }),
      }),
      columns.accessor("discount", {
        header: t("benefits.redemptions.discount"),
        cell: ({ row }) =>
          t("benefits.redemptions.discountOf", {
            discount: format.gtq(row.original.discount),
            total: format.gtq(row.original.total),
          }),
      }),
      columns.accessor("status", {
        header: t("benefits.redemptions.status"),
        cell: ({ getValue }) => <RedemptionStatusBadge status={getValue()} />,
      }),
      columns.accessor("authorization", {
        header: t("benefits.redemptions.authorization"),
        cell: ({ getValue }) => getValue() ?? "—",
      }),
      columns.accessor("confirmation", {
        header: t("benefits.redemptions.confirmation"),
        cell: ({ getValue }) => getValue() ?? "—",
      }),
      columns.accessor("order_id", {
        header: t("benefits.redemptions.order"),
        cell: ({ getValue }) => {
          const id = getValue()
          return id ? (
            <Link to={`/orders/${id}`}>
              {t("benefits.redemptions.viewOrder")}
            </Link>
          ) : (
            "—"
          )
        },
      }),
    ],
    [t, format]
  )

  const table = useListTable(list, {
    columns: COLUMNS,
    rows: data?.redemptions,
    count: data?.count,
    isLoading,
    filters: FILTERS,
  })

  return (
    <Container className="divide-y p-0" data-testid="benefits-redemptions">
      <ListTable
        table={table}
        heading={t("benefits.redemptions.heading")}
        error={error}
        busy={isPlaceholderData}
        empty={t("benefits.redemptions.empty")}
        emptyFiltered={t("benefits.redemptions.emptyFiltered")}
      />
    </Container>
  )
}
