import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { BENEFITS_MODULE } from "../../../../modules/benefits"
import type BenefitsModuleService from "../../../../modules/benefits/service"
import { storeRuleView } from "../../../../lib/benefits/views"
import { storeRoute } from "../../../../lib/common/store-errors"

/** GET /store/benefits/rules: the benefits a customer can use now (empty when the program is off). */
export const GET = storeRoute(
  async (req: MedusaRequest, res: MedusaResponse) => {
    const rules = await req.scope
      .resolve<BenefitsModuleService>(BENEFITS_MODULE)
      .listAvailableRules()
    res.json({ rules: rules.map(storeRuleView) })
  }
)
