import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { markPaylinkRefundedWorkflow } from "../../../../../../workflows/paylink/workflows/settle-by-merchant"
import type { AdminMarkRefundedBodyType } from "../../../validators"
import { refetchCheckout } from "../../../helpers"

/** POST /admin/paylink/checkouts/:id/mark-refunded { note }: the merchant refunded it outside Medusa. */
export async function POST(
  req: AuthenticatedMedusaRequest<AdminMarkRefundedBodyType>,
  res: MedusaResponse
) {
  await markPaylinkRefundedWorkflow(req.scope).run({
    input: {
      checkout_id: req.params.id,
      actor_id: req.auth_context.actor_id,
      note: req.validatedBody.note,
    },
  })
  res.json({ checkout: await refetchCheckout(req, req.params.id) })
}
