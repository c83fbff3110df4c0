import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Container, Heading, Text } from "@medusajs/ui"
import { CheckoutSettlement } from "../components/checkout-settlement"
import { CheckoutStatusBadge } from "../components/checkout-status-badge"
import { ConfirmButton } from "../components/confirm-button"
import { GATEWAY_LABELS } from "../components/gateway-labels"
import { awaitsConfirmation, useCheckouts } from "../lib/checkouts"
import { formatAmount, formatDate } from "../lib/format"

const TEXT = {
  heading: "Payment links",
  checkout: (id: string | null) => `checkout ${id ?? "—"}`,
  returned: (when: string) => `Customer returned ${when}`,
  confirmed: (when: string) => `Confirmed ${when}`,
  canceledByCustomer: (when: string) => `Canceled by the customer ${when}`,
  withdrawn: (when: string) => `Withdrawn by the store ${when}`,
  failed: (why: string) => `Failed: ${why}`,
}

/** The payment links an order was paid through, on the order's page. */
const OrderPaymentLinksWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const { data, isLoading, error } = useCheckouts({ order_id: order.id })
  const checkouts = data?.checkouts ?? []
  if (!isLoading && !error && !checkouts.length) {
    return null
  }
  return (
    <Container className="divide-y p-0" data-testid="paylink-order-widget">
      <div className="px-6 py-4">
        <Heading level="h2">{TEXT.heading}</Heading>
      </div>
      {error && (
        <Text size="small" className="text-ui-fg-error px-6 py-4">
          {error.message}
        </Text>
      )}
      {checkouts.map((c) => (
        <div key={c.id} className="flex flex-col gap-y-2 px-6 py-4" data-testid="paylink-order-checkout">
          <div className="flex items-center justify-between gap-x-2">
            <Text size="small" weight="plus">
              #{c.number} · {GATEWAY_LABELS[c.gateway]}
            </Text>
            <CheckoutStatusBadge checkout={c} />
          </div>
          <Text size="small" className="text-ui-fg-subtle">
            {formatAmount(c)} · {TEXT.checkout(c.checkout_id)}
          </Text>
          {c.status === "needs_attention" && c.attention_reason && (
            <Text size="small" className="text-ui-fg-error">
              {c.attention_reason}
            </Text>
          )}
          {c.status === "failed" && c.failure_reason && (
            <Text size="small" className="text-ui-fg-subtle">
              {TEXT.failed(c.failure_reason)}
            </Text>
          )}
          {c.returned_at && (
            <Text size="small" className="text-ui-fg-subtle">
              {TEXT.returned(formatDate(c.returned_at))}
            </Text>
          )}
          {c.canceled_at && (c.status === "canceled" || c.status === "withdrawn") && (
            <Text size="small" className="text-ui-fg-subtle">
              {c.status === "withdrawn" ? TEXT.withdrawn(formatDate(c.canceled_at)) : TEXT.canceledByCustomer(formatDate(c.canceled_at))}
            </Text>
          )}
          {c.confirmed_at && (
            <Text size="small" className="text-ui-fg-subtle">
              {TEXT.confirmed(formatDate(c.confirmed_at))}
            </Text>
          )}
          <CheckoutSettlement checkout={c} />
          {awaitsConfirmation(c) && <ConfirmButton checkout={c} />}
        </div>
      ))}
    </Container>
  )
}

export const config = defineWidgetConfig({
  zone: "order.details.side.after",
})

export default OrderPaymentLinksWidget
