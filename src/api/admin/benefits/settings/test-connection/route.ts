import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { testBenefitsConnectionWorkflow } from "../../../../../workflows/benefits/workflows/test-benefits-connection"

/** POST /admin/benefits/settings/test-connection: a real setup call; stores the fresh token on success. */
export async function POST(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const { result } = await testBenefitsConnectionWorkflow(req.scope).run()
  res.json({ ok: true, settings: result })
}
