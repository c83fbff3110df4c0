import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PAYLINK_MODULE } from "../../../../../modules/paylink"
import type PaylinkModuleService from "../../../../../modules/paylink/services/paylink-module"
import { saveGatewaySettingsWorkflow } from "../../../../../workflows/paylink/workflows/save-gateway-settings"
import type { GatewaySettingsSaved } from "../../../../../types/paylink"
import type { AdminGatewaySettingsBodyType } from "../../validators"

/**
 * POST /admin/paylink/gateways/:gateway: saves the gateway's token (sealed), path segment, base
 * URL and enabled flag; `null` clears a field back to the provider option. The next checkout on
 * every server instance uses it. Answers `{ gateway, changed, check }`: a save that changes
 * nothing writes nothing (`changed: false`, `message`); one that does is tested at once (`check`).
 */
export async function POST(req: AuthenticatedMedusaRequest<AdminGatewaySettingsBodyType>, res: MedusaResponse) {
  const { result } = await saveGatewaySettingsWorkflow(req.scope).run({
    input: { gateway: req.params.gateway, settings: req.validatedBody },
  })
  // The gateway as it is now (after the save and its test), as core routes refetch what they changed.
  const gateway = await req.scope.resolve<PaylinkModuleService>(PAYLINK_MODULE).gatewayView(result.gateway)
  const body: GatewaySettingsSaved = result.changed
    ? { gateway, changed: true, check: result.check }
    : { gateway, changed: false, check: null, message: `Nothing changed: ${result.gateway}'s settings are already these.` }
  res.json(body)
}
