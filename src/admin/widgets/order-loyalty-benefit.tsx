import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Container, Heading, Text } from "@medusajs/ui"
import { RedemptionStatusBadge } from "../components/benefits/redemption-status-badge"
import { CardSkeleton } from "../components/card-skeleton"
import { useRedemptions } from "../lib/benefits"
import { useFormat } from "../lib/format"
import { usePaylinkTranslation } from "../lib/labels"

/** The loyalty benefit an order used, with the program's authorization and confirmation codes. */
const OrderLoyaltyBenefitWidget = ({
  data: order,
}: DetailWidgetProps<AdminOrder>) => {
  const { t } = usePaylinkTranslation()
  const format = useFormat()
  const { data, isLoading } = useRedemptions({ order_id: order.id })
  const redemption = data?.redemptions?.[0]
  // Whether the order used a card is not known until the answer: a skeleton meanwhile, so the card
  // does not pop in late (it goes away for an order that used none).
  if (isLoading) {
    return <CardSkeleton lines={3} testId="loyalty-order-widget-loading" />
  }
  if (!redemption) {
    return null
  }
  return (
    <Container className="divide-y p-0" data-testid="loyalty-order-widget">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">{t("benefits.widget.heading")}</Heading>
        <RedemptionStatusBadge status={redemption.status} />
      </div>
      <div className="flex flex-col gap-y-1 px-6 py-4">
        <Text size="small">
          {t("benefits.widget.card", {
            last4: redemption.card_last4,
            discount: format.gtq(redemption.discount),
            total: format.gtq(redemption.total),
          })}
        </Text>
        <Text size="small" className="text-ui-fg-subtle">
          {t("benefits.widget.authorization", {
            code: redemption.authorization ?? "—",
          })}
        </Text>
        <Text size="small" className="text-ui-fg-subtle">
          {t("benefits.widget.confirmation", {
            code: redemption.confirmation ?? "—",
          })}
        </Text>
      </div>
    </Container>
  )
}

export const config = defineWidgetConfig({ zone: "order.details.side.after" })

export default OrderLoyaltyBenefitWidget
