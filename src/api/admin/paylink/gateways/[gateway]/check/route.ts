import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { checkPaylinkGatewayWorkflow } from "../../../../../../workflows/paylink/workflows/check-paylink-gateway"

/**
 * POST /admin/paylink/gateways/:gateway/check: calls the gateway's checkout endpoint without a
 * token and expects a 401 (docs/service.md §3.3). Proves the address and path answer like the
 * service; creates no charge, and does not prove the token (the service has no call for that,
 * §3.4). The answer is the
 * check's outcome (`ok`, `message`, `targets`), which no entity holds whole: nothing to refetch.
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const { result } = await checkPaylinkGatewayWorkflow(req.scope).run({ input: { gateway: req.params.gateway } })
  res.json(result)
}
