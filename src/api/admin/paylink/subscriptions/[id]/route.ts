import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { refetchSubscription } from "../helpers"

/** GET /admin/paylink/subscriptions/:id — with its timeline. */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  res.json({ subscription: await refetchSubscription(req, req.params.id) })
}
