import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type {
  AdminDraftOrder,
  DetailWidgetProps,
} from "@medusajs/framework/types"
import { OrderLinksCard } from "../components/order-links/order-links-card"

/** "Create payment link" for a draft order: paying it converts the draft into an order. */
const DraftOrderPaymentLinksWidget = ({
  data: draft,
}: DetailWidgetProps<AdminDraftOrder>) => <OrderLinksCard orderId={draft.id} />

export const config = defineWidgetConfig({
  zone: "draft_order.details.side.after",
})

export default DraftOrderPaymentLinksWidget
