import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { BENEFITS_MODULE } from "../../../../modules/benefits"
import type BenefitsModuleService from "../../../../modules/benefits/service"
import { storeRuleView } from "../../../../lib/benefits/views"

/** GET /store/benefits/rules: the benefits a customer can use now (empty when the program is off). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const benefits = req.scope.resolve<BenefitsModuleService>(BENEFITS_MODULE)
  if (!(await benefits.isEnabled())) {
    return res.json({ rules: [] })
  }
  const now = new Date()
  const rules = await benefits.listBenefitRules(
    {
      active: true,
      $and: [
        { $or: [{ starts_at: null }, { starts_at: { $lte: now } }] },
        { $or: [{ ends_at: null }, { ends_at: { $gte: now } }] },
      ],
    },
    { order: { name: "ASC" } }
  )
  res.json({ rules: rules.map(storeRuleView) })
}
