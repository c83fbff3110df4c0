import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CreditCard } from "@medusajs/icons"
import { Container, Heading, Select, Table, Text } from "@medusajs/ui"
import { useState } from "react"
import { Link } from "react-router-dom"
import { CheckoutDetailsTooltip } from "../../components/checkout-details-tooltip"
import { CheckoutStatusBadge } from "../../components/checkout-status-badge"
import { ConfirmButton } from "../../components/confirm-button"
import { NeedsAttentionSection } from "../../components/needs-attention-section"
import {
  awaitsConfirmation,
  CHECKOUT_STATUSES,
  formatAmount,
  formatDate,
  GATEWAY_LABELS,
  STATUS_LABELS,
  useCheckouts,
  type CheckoutStatus,
  type Gateway,
} from "../../lib/checkouts"

const PAGE_SIZE = 20
const ALL = "all"

const TEXT = {
  title: "Payment links",
  status: "Status",
  allStatuses: "All statuses",
  gateway: "Gateway",
  allGateways: "All gateways",
  number: "Number",
  amount: "Amount",
  order: "Order",
  created: "Created",
  viewOrder: "View order",
  empty: "No payment links yet.",
  emptyFiltered: "No payment links match these filters.",
}

/** Every payment link the store created, newest first, with the merchant's filters. */
const PaymentLinksPage = () => {
  const [status, setStatus] = useState<string>(ALL)
  const [gateway, setGateway] = useState<string>(ALL)
  const [page, setPage] = useState(0)
  const { data, isLoading, error } = useCheckouts({
    status: status === ALL ? undefined : (status as CheckoutStatus),
    gateway: gateway === ALL ? undefined : (gateway as Gateway),
    order: "-created_at",
    limit: PAGE_SIZE,
    offset: page * PAGE_SIZE,
  })
  const count = data?.count ?? 0

  return (
    <div className="flex flex-col gap-y-3">
      <NeedsAttentionSection />
      <Container className="divide-y p-0">
        <div className="flex items-center justify-between px-6 py-4">
          <Heading level="h1">{TEXT.title}</Heading>
          <div className="flex gap-x-2">
            <Select size="small" value={status} onValueChange={(v) => (setStatus(v), setPage(0))}>
              <Select.Trigger aria-label={TEXT.status} className="w-44">
                <Select.Value />
              </Select.Trigger>
              <Select.Content>
                <Select.Item value={ALL}>{TEXT.allStatuses}</Select.Item>
                {CHECKOUT_STATUSES.map((s) => (
                  <Select.Item key={s} value={s}>
                    {STATUS_LABELS[s]}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select>
            <Select size="small" value={gateway} onValueChange={(v) => (setGateway(v), setPage(0))}>
              <Select.Trigger aria-label={TEXT.gateway} className="w-52">
                <Select.Value />
              </Select.Trigger>
              <Select.Content>
                <Select.Item value={ALL}>{TEXT.allGateways}</Select.Item>
                {(Object.keys(GATEWAY_LABELS) as Gateway[]).map((g) => (
                  <Select.Item key={g} value={g}>
                    {GATEWAY_LABELS[g]}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select>
          </div>
        </div>
        {error && <Text className="text-ui-fg-error px-6 py-4">{error.message}</Text>}
        <Table data-testid="paylink-checkouts-table">
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{TEXT.number}</Table.HeaderCell>
              <Table.HeaderCell>{TEXT.gateway}</Table.HeaderCell>
              <Table.HeaderCell>{TEXT.status}</Table.HeaderCell>
              <Table.HeaderCell>{TEXT.amount}</Table.HeaderCell>
              <Table.HeaderCell>{TEXT.order}</Table.HeaderCell>
              <Table.HeaderCell>{TEXT.created}</Table.HeaderCell>
              <Table.HeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(data?.checkouts ?? []).map((c) => (
              <Table.Row key={c.id}>
                <Table.Cell>#{c.number}</Table.Cell>
                <Table.Cell>{GATEWAY_LABELS[c.gateway]}</Table.Cell>
                <Table.Cell>
                  <div className="flex items-center gap-x-1.5">
                    <CheckoutStatusBadge checkout={c} />
                    <CheckoutDetailsTooltip checkout={c} />
                  </div>
                </Table.Cell>
                <Table.Cell>{formatAmount(c)}</Table.Cell>
                <Table.Cell>{c.order_id ? <Link to={`/orders/${c.order_id}`}>{TEXT.viewOrder}</Link> : "—"}</Table.Cell>
                <Table.Cell>{formatDate(c.created_at)}</Table.Cell>
                <Table.Cell>{awaitsConfirmation(c) && <ConfirmButton checkout={c} />}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
        {!isLoading && !count && (
          <Text className="text-ui-fg-subtle px-6 py-4">{status === ALL && gateway === ALL ? TEXT.empty : TEXT.emptyFiltered}</Text>
        )}
        <Table.Pagination
          count={count}
          pageSize={PAGE_SIZE}
          pageIndex={page}
          pageCount={Math.max(1, Math.ceil(count / PAGE_SIZE))}
          canPreviousPage={page > 0}
          canNextPage={(page + 1) * PAGE_SIZE < count}
          previousPage={() => setPage((p) => Math.max(0, p - 1))}
          nextPage={() => setPage((p) => p + 1)}
        />
      </Container>
    </div>
  )
}

export const config = defineRouteConfig({
  label: TEXT.title,
  icon: CreditCard,
})

export default PaymentLinksPage
