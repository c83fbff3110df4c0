import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"
import type { AdminCheckGatewayBodyType } from "../../../schemas"
import { checkPaylinkGatewayWorkflow } from "../../../../../../workflows/paylink/workflows/check-paylink-gateway"

/**
 * POST /admin/paylink/gateways/:gateway/check: Test token. Makes one real unpaid link of the
 * gateway's minimum amount with the token (the service has no call that checks a token alone):
 * 201 proves the token, 401 is a rejected token. The link's billing e-mail is the admin's own.
 */
export async function POST(
  req: AuthenticatedMedusaRequest<AdminCheckGatewayBodyType>,
  res: MedusaResponse
) {
  const users = req.scope.resolve(Modules.USER)
  const user = await users
    .retrieveUser(req.auth_context.actor_id)
    .catch(() => null)
  const { result } = await checkPaylinkGatewayWorkflow(req.scope).run({
    input: {
      gateway: req.params.gateway,
      email: user?.email ?? "store-admin@example.com",
      language: req.validatedBody.language ?? "es",
    },
  })
  res.json(result)
}
