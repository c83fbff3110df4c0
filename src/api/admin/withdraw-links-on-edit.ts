/**
 * Runs in front of Medusa's own edit confirmations (POST /admin/order-edits/:id/confirm and
 * POST /admin/draft-orders/:id/edit/confirm): when the order has an edit waiting to be confirmed,
 * its live admin payment links are withdrawn first, so no link for the amount before the edit can
 * be paid onto the order after it. Medusa 2.21 emits no event for a draft order's edit, and the
 * order-edit.confirmed subscriber runs after the answer; this leaves no window. Should Medusa then
 * refuse the edit, the merchant makes a new link.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"
import { withdrawEditedOrderLinksWorkflow } from "../../workflows/paylink/workflows/withdraw-edited-order-links"

export async function withdrawLinksBeforeEditConfirm(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  try {
    const orderId = req.params.id
    // Medusa refuses the request itself without an admin; nothing is withdrawn for it.
    if (orderId && (req as { auth_context?: { actor_id?: string } }).auth_context?.actor_id) {
      const pending = await req.scope
        .resolve(Modules.ORDER)
        .listOrderChanges({ order_id: orderId, status: ["pending", "requested"] }, { select: ["id"], take: 1 })
      if (pending.length) {
        await withdrawEditedOrderLinksWorkflow(req.scope).run({ input: { order_id: orderId } })
      }
    }
    return next()
  } catch (error) {
    return next(error)
  }
}
