import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { OrderLinksCard } from "../components/order-links/order-links-card"

/** The order's payment links, and "Create payment link" for what it still owes. */
const OrderPaymentLinksWidget = ({
  data: order,
}: DetailWidgetProps<AdminOrder>) => <OrderLinksCard orderId={order.id} />

export const config = defineWidgetConfig({
  zone: "order.details.side.after",
})

export default OrderPaymentLinksWidget
