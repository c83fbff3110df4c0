import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { setProductSubscriptionWorkflow } from "../../../../../../workflows/paylink/workflows/set-product-subscription"
import type { AdminProductSubscriptionResponse } from "../../../../../../types/paylink"
import { refetchProductSubscription } from "../../helpers"
import type { AdminProductSubscriptionBodyType } from "../../validators"

/** GET /admin/paylink/products/:id/subscription: which of the product's goods are sold by subscription. */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse<AdminProductSubscriptionResponse>
) {
  res.json({
    product: await refetchProductSubscription(req.scope, req.params.id),
  })
}

/** POST /admin/paylink/products/:id/subscription: marks or unmarks the product or single variants. */
export async function POST(
  req: AuthenticatedMedusaRequest<AdminProductSubscriptionBodyType>,
  res: MedusaResponse<AdminProductSubscriptionResponse>
) {
  const { subscription, variants } = req.validatedBody
  await setProductSubscriptionWorkflow(req.scope).run({
    input: { product_id: req.params.id, subscription, variants },
  })
  res.json({
    product: await refetchProductSubscription(req.scope, req.params.id),
  })
}
