import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { endSubscriptionWorkflow } from "../../../../../../workflows/subscriptions"
import { refetchSubscription } from "../../helpers"
import type { AdminEndSubscriptionBodyType } from "../../validators"

/** POST /admin/paylink/subscriptions/:id/end { note? }: after canceling it in the gateway's dashboard. */
export async function POST(
  req: AuthenticatedMedusaRequest<AdminEndSubscriptionBodyType>,
  res: MedusaResponse
) {
  await endSubscriptionWorkflow(req.scope).run({
    input: {
      id: req.params.id,
      actor_id: req.auth_context?.actor_id ?? null,
      note: req.validatedBody.note || null,
    },
  })
  res.json({ subscription: await refetchSubscription(req, req.params.id) })
}
