import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PAYLINK_MODULE } from "../../../../../modules/paylink"
import type PaylinkModuleService from "../../../../../modules/paylink/service"
import type { AdminGatewaySettingsBodyType } from "../../validators"

/**
 * POST /admin/paylink/gateways/:gateway: saves the gateway's token (sealed), path segment, base
 * URL and enabled flag; `null` clears a field back to the provider option. The next checkout on
 * every server instance uses it. Answers `{ gateway, changed, check }`: a save that changes
 * nothing writes nothing (`changed: false`, `message`); one that does is tested at once (`check`).
 */
export async function POST(req: AuthenticatedMedusaRequest<AdminGatewaySettingsBodyType>, res: MedusaResponse) {
  const paylink = req.scope.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  res.json(await paylink.saveGatewaySettings(req.params.gateway, req.validatedBody))
}
