import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { testBenefitsConnectionWorkflow } from "../../../../../workflows/benefits/workflows/test-benefits-connection"

/**
 * POST /admin/benefits/settings/test-connection: a real setup call (user, password and branch
 * exchanged for a token), which stores the fresh token. That proves the credentials and nothing
 * more: the service has no call that checks a benefit code, and the discount call would use one
 * of a customer's card, so neither is tested. The answer says so in `proved` / `not_proved`.
 */
export async function POST(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const { result } = await testBenefitsConnectionWorkflow(req.scope).run()
  res.json({
    ok: true,
    proved: ["credentials"],
    not_proved: ["benefit_codes", "discounts"],
    message:
      "The benefits program accepted the user, password and branch and issued a token. " +
      "Benefit codes and discounts were not tested: the first discount at checkout proves them.",
    settings: result,
  })
}
