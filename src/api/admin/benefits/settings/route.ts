import type {
  AuthenticatedMedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { BENEFITS_MODULE } from "../../../../modules/benefits"
import type BenefitsModuleService from "../../../../modules/benefits/service"
import { saveBenefitsSettingsWorkflow } from "../../../../workflows/benefits/workflows/save-benefits-settings"
import type { AdminBenefitSettingsBodyType } from "../validators"

/** GET /admin/benefits/settings: never the password or token, only whether each is set. */
export async function GET(
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse
) {
  const benefits = req.scope.resolve<BenefitsModuleService>(BENEFITS_MODULE)
  res.json({ settings: benefits.view(await benefits.settingsRow()) })
}

/** POST /admin/benefits/settings: saves, and with complete enabled credentials runs setup. */
export async function POST(
  req: AuthenticatedMedusaRequest<AdminBenefitSettingsBodyType>,
  res: MedusaResponse
) {
  const { result } = await saveBenefitsSettingsWorkflow(req.scope).run({
    input: req.validatedBody,
  })
  res.json({ settings: result })
}
