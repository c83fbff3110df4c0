import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { checkPaylinkGatewayWorkflow } from "../../../../../../workflows/paylink/workflows/check-paylink-gateway"

/**
 * POST /admin/paylink/gateways/:gateway/check: the checkout endpoint called without a token must
 * answer 401 (docs/service.md §3.3). Proves the address and path, not the token; charges nothing.
 */
export async function POST(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const { result } = await checkPaylinkGatewayWorkflow(req.scope).run({
    input: { gateway: req.params.gateway },
  })
  res.json(result)
}
