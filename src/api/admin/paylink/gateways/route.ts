import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { PAYLINK_MODULE } from "../../../../modules/paylink"
import type PaylinkModuleService from "../../../../modules/paylink/services/paylink-module"

/** GET /admin/paylink/gateways: each gateway's settings; never a token, only whether one is set and its last 4. */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const paylink = req.scope.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  res.json({ gateways: await paylink.gatewaySettingsView() })
}
