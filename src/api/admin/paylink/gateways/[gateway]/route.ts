import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { PAYLINK_MODULE } from "../../../../../modules/paylink"
import type PaylinkModuleService from "../../../../../modules/paylink/services/paylink-module"
import { saveGatewaySettingsWorkflow } from "../../../../../workflows/paylink/workflows/save-gateway-settings"
import type { GatewaySettingsSaved } from "../../../../../types/paylink"
import type { AdminGatewaySettingsBodyType } from "../../validators"

/**
 * POST /admin/paylink/gateways/:gateway: saves token (sealed), path segment, base URL and enabled
 * flag. A save that changes nothing writes nothing; one that does is tested at once (`check`).
 */
export async function POST(
  req: AuthenticatedMedusaRequest<AdminGatewaySettingsBodyType>,
  res: MedusaResponse
) {
  const { result } = await saveGatewaySettingsWorkflow(req.scope).run({
    input: { gateway: req.params.gateway, settings: req.validatedBody },
  })
  const gateway = await req.scope
    .resolve<PaylinkModuleService>(PAYLINK_MODULE)
    .gatewayView(result.gateway)
  const body: GatewaySettingsSaved = result.changed
    ? { gateway, changed: true, check: result.check }
    : {
        gateway,
        changed: false,
        check: null,
        message: `Nothing changed: ${result.gateway}'s settings are already these.`,
      }
  res.json(body)
}
