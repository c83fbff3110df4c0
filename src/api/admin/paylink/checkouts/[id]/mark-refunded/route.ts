import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { markPaylinkRefundedWorkflow } from "../../../../../../workflows/paylink/workflows/settle-by-merchant"
import type { AdminMarkRefundedBodyType } from "../../../validators"
import { refetchCheckout } from "../../../helpers"

/**
 * POST /admin/paylink/checkouts/:id/mark-refunded { note }
 * The merchant refunded a paid link that needs attention outside Medusa; recorded with the note.
 */
export async function POST(req: AuthenticatedMedusaRequest<AdminMarkRefundedBodyType>, res: MedusaResponse) {
  await markPaylinkRefundedWorkflow(req.scope).run({
    input: { checkout_id: req.params.id, actor_id: req.auth_context.actor_id, note: req.validatedBody.note },
  })
  res.json({ checkout: await refetchCheckout(req, req.params.id) })
}
