import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { BENEFITS_MODULE } from "../../../modules/benefits"
import type BenefitsModuleService from "../../../modules/benefits/service"
import { refreshProgramToken } from "../../../lib/benefits/program"

/** Endpoint 6 (docs/service.md §4.6): credentials for a token, stored sealed. Refused before the call without credentials. */
export const setupBenefitsProgramStep = createStep(
  "setup-benefits-program",
  async (_: void, { container }) => {
    const benefits = container.resolve<BenefitsModuleService>(BENEFITS_MODULE)
    await refreshProgramToken(benefits)
    return new StepResponse(benefits.view(await benefits.settingsRow()))
  }
)
