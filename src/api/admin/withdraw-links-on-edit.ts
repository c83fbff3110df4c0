/**
 * In front of Medusa's edit confirmations (order edits and draft-order edits): an order with an edit
 * waiting withdraws its live admin links first, so a link for the old amount cannot be paid onto the
 * edited order (docs/architecture.md#admin-links).
 */
import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"
import { withdrawEditedOrderLinksWorkflow } from "../../workflows/paylink/workflows/withdraw-edited-order-links"

export async function withdrawLinksBeforeEditConfirm(
  req: MedusaRequest,
  _res: MedusaResponse,
  next: MedusaNextFunction
) {
  try {
    const orderId = req.params.id
    // Without an admin Medusa refuses the request itself: nothing is withdrawn for it.
    if (
      orderId &&
      (req as { auth_context?: { actor_id?: string } }).auth_context?.actor_id
    ) {
      const pending = await req.scope
        .resolve(Modules.ORDER)
        .listOrderChanges(
          { order_id: orderId, status: ["pending", "requested"] },
          { select: ["id"], take: 1 }
        )
      if (pending.length) {
        await withdrawEditedOrderLinksWorkflow(req.scope).run({
          input: { order_id: orderId },
        })
      }
    }
    return next()
  } catch (error) {
    return next(error)
  }
}
