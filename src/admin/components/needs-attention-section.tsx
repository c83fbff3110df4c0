import { Badge, Container, Copy, Heading, Table, Text } from "@medusajs/ui"
import { Link } from "react-router-dom"
import { useCheckouts } from "../lib/checkouts"
import { formatAmount, formatDate } from "../lib/format"
import { GATEWAY_LABELS } from "./gateway-labels"
import { MarkRefundedButton } from "./mark-refunded-button"
import { PlaceOrderButton } from "./place-order-button"

const LIMIT = 50

const TEXT = {
  heading: "Needs attention",
  intro:
    "These customers paid, but their orders could not be placed automatically. Check each payment in the gateway's dashboard, " +
    "then place the order, or refund the customer and record it here.",
  number: "Number",
  gateway: "Gateway",
  amount: "Amount",
  reason: "Reason",
  returned: "Customer returned",
  cartOrOrder: "Cart / order",
  viewOrder: "View order",
  copyCart: "Copy cart ID",
  more: (shown: number, count: number) =>
    `Showing the oldest ${shown} of ${count}. Settle these first, or filter the list below by "Needs attention".`,
}

/**
 * Paid links with no order (status `needs_attention`), oldest first, each with its two ways out:
 * place the order, or record a refund made by hand. Not shown when there are none.
 */
export function NeedsAttentionSection() {
  const { data, error } = useCheckouts({ status: "needs_attention", order: "created_at", limit: LIMIT })
  const checkouts = data?.checkouts ?? []
  if (!error && !checkouts.length) {
    return null
  }
  return (
    <Container className="divide-y p-0" data-testid="paylink-needs-attention">
      <div className="flex flex-col gap-y-1 px-6 py-4">
        <div className="flex items-center gap-x-2">
          <Heading level="h2">{TEXT.heading}</Heading>
          {!!data?.count && (
            <Badge size="2xsmall" color="red">
              {data.count}
            </Badge>
          )}
        </div>
        <Text size="small" className="text-ui-fg-subtle">
          {TEXT.intro}
        </Text>
      </div>
      {error && <Text className="text-ui-fg-error px-6 py-4">{error.message}</Text>}
      {!!checkouts.length && (
        <Table data-testid="paylink-needs-attention-table">
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{TEXT.number}</Table.HeaderCell>
              <Table.HeaderCell>{TEXT.gateway}</Table.HeaderCell>
              <Table.HeaderCell>{TEXT.amount}</Table.HeaderCell>
              <Table.HeaderCell>{TEXT.reason}</Table.HeaderCell>
              <Table.HeaderCell>{TEXT.returned}</Table.HeaderCell>
              <Table.HeaderCell>{TEXT.cartOrOrder}</Table.HeaderCell>
              <Table.HeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {checkouts.map((c) => (
              <Table.Row key={c.id} data-testid="paylink-needs-attention-row">
                <Table.Cell>#{c.number}</Table.Cell>
                <Table.Cell className="whitespace-nowrap">{GATEWAY_LABELS[c.gateway]}</Table.Cell>
                <Table.Cell className="whitespace-nowrap">{formatAmount(c)}</Table.Cell>
                <Table.Cell className="text-ui-fg-base min-w-[280px] whitespace-normal py-3">{c.attention_reason ?? "—"}</Table.Cell>
                <Table.Cell className="whitespace-nowrap">{formatDate(c.returned_at)}</Table.Cell>
                <Table.Cell className="whitespace-nowrap">
                  {c.order_id ? (
                    <Link to={`/orders/${c.order_id}`} className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover">
                      {TEXT.viewOrder}
                    </Link>
                  ) : c.cart_id ? (
                    <span className="flex items-center gap-x-1">
                      <span className="max-w-[120px] truncate font-mono" title={c.cart_id}>
                        {c.cart_id}
                      </span>
                      <Copy content={c.cart_id} aria-label={TEXT.copyCart} />
                    </span>
                  ) : (
                    "—"
                  )}
                </Table.Cell>
                <Table.Cell className="whitespace-nowrap">
                  <div className="flex items-center justify-end gap-x-2">
                    <PlaceOrderButton checkout={c} />
                    <MarkRefundedButton checkout={c} />
                  </div>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
      {!!data && data.count > checkouts.length && (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4">
          {TEXT.more(checkouts.length, data.count)}
        </Text>
      )}
    </Container>
  )
}
