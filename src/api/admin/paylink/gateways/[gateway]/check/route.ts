import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PAYLINK_MODULE } from "../../../../../../modules/paylink"
import type PaylinkModuleService from "../../../../../../modules/paylink/service"

/**
 * POST /admin/paylink/gateways/:gateway/check: calls the gateway's checkout endpoint without a
 * token and expects a 401 (docs/service.md §3.3). Proves the address and path answer like the service;
 * creates no charge, and does not prove the token (the service has no call for that, §3.4).
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const paylink = req.scope.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  res.json(await paylink.checkGateway(req.params.gateway))
}
