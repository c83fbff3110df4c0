import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Container, Heading, Text } from "@medusajs/ui"
import { Link } from "react-router-dom"
import { CardSkeleton } from "../components/card-skeleton"
import { SubscriptionStatusBadge } from "../components/subscriptions/subscription-status-badge"
import { useFormat } from "../lib/format"
import { usePaylinkTranslation } from "../lib/labels"
import {
  subscriptionPath,
  useSubscription,
  useSubscriptions,
} from "../lib/subscriptions"

/**
 * The subscription an order belongs to, as its first order or a renewal order, with a link to its
 * drawer on the Subscriptions page. Nothing for any other order (one request by `order_id`).
 */
const OrderSubscriptionWidget = ({
  data: order,
}: DetailWidgetProps<AdminOrder>) => {
  const { t } = usePaylinkTranslation()
  const format = useFormat()
  const { data, isLoading } = useSubscriptions({
    order_id: order.id,
    limit: 1,
  })
  const found = data?.subscriptions?.[0]
  const renewal = !!found && found.first_order_id !== order.id
  // A renewal order's charge (its date, report and line) is on its timeline.
  const detail = useSubscription(renewal ? found.id : undefined)
  if (isLoading) {
    return (
      <CardSkeleton lines={2} testId="paylink-order-subscription-loading" />
    )
  }
  if (!found) {
    return null
  }
  const event = renewal
    ? detail.data?.subscription.events?.find(
        (e) => e.kind === "renewal" && e.order_id === order.id
      )
    : undefined
  const day = event ? (format.dateParts(event.at)?.day ?? "—") : null
  const line = !renewal
    ? t("subscriptions.widget.firstOrder", { number: found.number })
    : !event
      ? null
      : event.file_name && event.line != null
        ? t("subscriptions.widget.renewalOrder", {
            date: day,
            file: event.file_name,
            line: event.line,
            interpolation: { escapeValue: false },
          })
        : t("subscriptions.widget.renewalOrderNoReport", { date: day })

  return (
    <Container
      className="divide-y p-0"
      data-testid="paylink-order-subscription"
      data-kind={renewal ? "renewal" : "first"}
    >
      <div className="flex items-center justify-between gap-x-2 px-6 py-4">
        <Heading level="h2">{t("subscriptions.widget.heading")}</Heading>
        <SubscriptionStatusBadge status={found.status} />
      </div>
      <div className="flex flex-col items-start gap-y-2 px-6 py-4">
        {line ? (
          <Text
            size="small"
            className="[overflow-wrap:anywhere]"
            data-testid="paylink-order-subscription-line"
          >
            {line}
          </Text>
        ) : (
          <Text size="small" className="text-ui-fg-muted">
            …
          </Text>
        )}
        <Link
          to={subscriptionPath(found.id)}
          className="txt-compact-small text-ui-fg-interactive hover:text-ui-fg-interactive-hover"
          data-testid="paylink-order-subscription-open"
        >
          {t("subscriptions.widget.open")}
        </Link>
      </div>
    </Container>
  )
}

export const config = defineWidgetConfig({ zone: "order.details.side.after" })

export default OrderSubscriptionWidget
