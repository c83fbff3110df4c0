import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Container, Heading, Text } from "@medusajs/ui"
import { CheckoutStatusBadge } from "../components/checkout-status-badge"
import { ConfirmButton } from "../components/confirm-button"
import { awaitsConfirmation, formatAmount, GATEWAY_LABELS, useCheckouts } from "../lib/checkouts"

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
        <Heading level="h2">Payment links</Heading>
      </div>
      {error && (
        <Text size="small" className="text-ui-fg-error px-6 py-4">
          {error.message}
        </Text>
      )}
      {checkouts.map((c) => (
        <div key={c.id} className="flex flex-col gap-y-2 px-6 py-4" data-testid="paylink-order-checkout">
          <div className="flex items-center justify-between">
            <Text size="small" weight="plus">
              #{c.number} · {GATEWAY_LABELS[c.gateway]}
            </Text>
            <CheckoutStatusBadge checkout={c} />
          </div>
          <Text size="small" className="text-ui-fg-subtle">
            {formatAmount(c)} · checkout {c.checkout_id ?? "—"}
          </Text>
          {c.returned_at && (
            <Text size="small" className="text-ui-fg-subtle">
              Customer returned {new Date(c.returned_at).toLocaleString()}
            </Text>
          )}
          {c.confirmed_at && (
            <Text size="small" className="text-ui-fg-subtle">
              Confirmed {new Date(c.confirmed_at).toLocaleString()}
            </Text>
          )}
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
