import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { applyBenefitWorkflow } from "../../../../../workflows/benefits/workflows/apply-benefit"
import { removeBenefitWorkflow } from "../../../../../workflows/benefits/workflows/remove-benefit"
import { explainApplyFailure } from "../../../../../workflows/benefits/steps/add-benefit-promotion-to-cart"
import type { StoreApplyBenefitBodyType } from "../../validators"
import { refetchCartBenefit } from "./helpers"
import { storeRoute } from "../../../../../lib/common/store-errors"

/** GET /store/carts/:id/benefits: the cart's loyalty benefit; `status: "stale"` means apply again. */
export const GET = storeRoute(
  async (req: MedusaRequest, res: MedusaResponse) => {
    res.json(
      await refetchCartBenefit(
        req.scope,
        req.params.id,
        req.queryConfig?.fields
      )
    )
  }
)

export const POST = storeRoute(
  async (
    req: MedusaRequest<StoreApplyBenefitBodyType>,
    res: MedusaResponse
  ) => {
    const { card, rule_id } = req.validatedBody
    const { errors } = await applyBenefitWorkflow(req.scope).run({
      input: { cart_id: req.params.id, card, rule_id },
      throwOnError: false,
    })
    if (errors.length) {
      throw await explainApplyFailure(req.scope, req.params.id, errors[0])
    }
    res.json(
      await refetchCartBenefit(
        req.scope,
        req.params.id,
        req.queryConfig?.fields
      )
    )
  }
)

export const DELETE = storeRoute(
  async (req: MedusaRequest, res: MedusaResponse) => {
    await removeBenefitWorkflow(req.scope).run({
      input: { cart_id: req.params.id },
    })
    res.json(
      await refetchCartBenefit(
        req.scope,
        req.params.id,
        req.queryConfig?.fields
      )
    )
  }
)
