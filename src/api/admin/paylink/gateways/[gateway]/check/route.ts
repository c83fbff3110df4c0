import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PAYLINK_MODULE } from "../../../../../../modules/paylink"
import type PaylinkModuleService from "../../../../../../modules/paylink/service"

/**
 * POST /admin/paylink/gateways/:gateway/check: calls the gateway's checkout endpoint without a
 * token and expects the spec's 401. Proves the address and path answer like the service; creates
 * no charge, and does not prove the token (the spec has no call for that).
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const paylink = req.scope.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  res.json(await paylink.checkGateway(req.params.gateway))
}
