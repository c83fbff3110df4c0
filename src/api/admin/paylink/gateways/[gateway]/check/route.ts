import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { checkPaylinkGatewayWorkflow } from "../../../../../../workflows/check-paylink-gateway"

/**
 * POST /admin/paylink/gateways/:gateway/check: calls the gateway's checkout endpoint without a
 * token and expects the spec's 401. Proves the address and path answer like the service; creates
 * no charge, and does not prove the token (the spec has no call for that). The answer is the
 * check's outcome (`ok`, `message`, `targets`), which no entity holds whole: nothing to refetch.
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const { result } = await checkPaylinkGatewayWorkflow(req.scope).run({ input: { gateway: req.params.gateway } })
  res.json(result)
}
