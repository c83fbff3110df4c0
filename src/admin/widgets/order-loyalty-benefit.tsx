import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Container, Heading, Text } from "@medusajs/ui"
import { RedemptionStatusBadge } from "../components/benefits/redemption-status-badge"
import { useRedemptions } from "../lib/benefits"
import { formatGtq } from "../lib/format"

const TEXT = {
  heading: "Loyalty benefit",
  card: (last4: string, discount: number, total: number) => `Card •••• ${last4} · ${formatGtq(discount)} off ${formatGtq(total)}`,
  authorization: (code: string | null) => `Authorization ${code ?? "—"}`,
  confirmation: (code: string | null) => `Confirmation ${code ?? "—"}`,
}

/** The loyalty benefit an order used, with the program's authorization and confirmation codes. */
const OrderLoyaltyBenefitWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const { data } = useRedemptions({ order_id: order.id })
  const redemption = data?.redemptions?.[0]
  if (!redemption) {
    return null
  }
  return (
    <Container className="divide-y p-0" data-testid="loyalty-order-widget">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">{TEXT.heading}</Heading>
        <RedemptionStatusBadge status={redemption.status} />
      </div>
      <div className="flex flex-col gap-y-1 px-6 py-4">
        <Text size="small">{TEXT.card(redemption.card_last4, redemption.discount, redemption.total)}</Text>
        <Text size="small" className="text-ui-fg-subtle">
          {TEXT.authorization(redemption.authorization)}
        </Text>
        <Text size="small" className="text-ui-fg-subtle">
          {TEXT.confirmation(redemption.confirmation)}
        </Text>
      </div>
    </Container>
  )
}

export const config = defineWidgetConfig({ zone: "order.details.side.after" })

export default OrderLoyaltyBenefitWidget
