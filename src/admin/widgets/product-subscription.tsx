import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminProduct, DetailWidgetProps } from "@medusajs/framework/types"
import { SubscriptionCard } from "../components/products/subscription-card"

/** Which of the product's goods are sold by subscription (the only ones the subscription gateway charges). */
const ProductSubscriptionWidget = ({
  data: product,
}: DetailWidgetProps<AdminProduct>) => (
  <SubscriptionCard productId={product.id} />
)

export const config = defineWidgetConfig({ zone: "product.details.side.after" })

export default ProductSubscriptionWidget
