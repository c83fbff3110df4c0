import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Container, Heading, StatusBadge, Text } from "@medusajs/ui"
import { useRedemptions } from "../lib/benefits"
import { REDEMPTION_COLORS } from "../components/benefits/redemptions-card"

/** The loyalty benefit an order used, with the program's authorization and confirmation codes. */
const OrderLoyaltyBenefitWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const { data } = useRedemptions({ order_id: order.id })
  const redemption = data?.redemptions?.[0]
  if (!redemption) {
    return null
  }
  const gtq = (n: number) => new Intl.NumberFormat("es-GT", { style: "currency", currency: "GTQ" }).format(n)
  return (
    <Container className="divide-y p-0" data-testid="loyalty-order-widget">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">Loyalty benefit</Heading>
        <StatusBadge color={REDEMPTION_COLORS[redemption.status]}>{redemption.status}</StatusBadge>
      </div>
      <div className="flex flex-col gap-y-1 px-6 py-4">
        <Text size="small">
          Card •••• {redemption.card_last4} · {gtq(redemption.discount)} off {gtq(redemption.total)}
        </Text>
        <Text size="small" className="text-ui-fg-subtle">
          Authorization {redemption.authorization ?? "—"}
        </Text>
        <Text size="small" className="text-ui-fg-subtle">
          Confirmation {redemption.confirmation ?? "—"}
        </Text>
      </div>
    </Container>
  )
}

export const config = defineWidgetConfig({ zone: "order.details.side.after" })

export default OrderLoyaltyBenefitWidget
