import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { remakeRenewalOrderWorkflow } from "../../../../../../../../workflows/subscriptions"
import { refetchSubscription } from "../../../../helpers"

/** POST /admin/paylink/subscriptions/:id/events/:event_id/order: a failed renewal order made again. */
export async function POST(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  await remakeRenewalOrderWorkflow(req.scope).run({
    input: { subscription_id: req.params.id, renewal_id: req.params.event_id },
  })
  res.json({ subscription: await refetchSubscription(req, req.params.id) })
}
