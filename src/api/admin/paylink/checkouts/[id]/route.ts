import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { refetchCheckout } from "../../helpers"

/** GET /admin/paylink/checkouts/:id */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  res.json({ checkout: await refetchCheckout(req, req.params.id) })
}
