import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { BENEFITS_MODULE } from "../../../../../modules/benefits"
import type BenefitsModuleService from "../../../../../modules/benefits/service"
import { applyBenefitWorkflow } from "../../../../../workflows/benefits/apply-benefit"
import { removeBenefitWorkflow } from "../../../../../workflows/benefits/remove-benefit"
import { storeRedemptionView } from "../../../../../lib/benefits/views"
import type { StoreApplyBenefitBodyType } from "../../validators"

const CART_FIELDS = ["id", "currency_code", "total", "subtotal", "discount_total", "promotions.code"]

async function answer(req: MedusaRequest, res: MedusaResponse, cartId: string) {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const benefits = req.scope.resolve<BenefitsModuleService>(BENEFITS_MODULE)
  const { data } = await query.graph({ entity: "cart", fields: CART_FIELDS, filters: { id: cartId } })
  if (!data[0]) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart ${cartId} was not found.`)
  }
  const current = await benefits.currentRedemption(cartId)
  res.json({ cart: data[0], benefit: current ? storeRedemptionView(current) : null })
}

/** GET /store/carts/:id/benefits: the cart's loyalty benefit; `status: "stale"` means apply again. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  await answer(req, res, req.params.id)
}

/** POST /store/carts/:id/benefits { card, rule_id } */
export async function POST(req: MedusaRequest<StoreApplyBenefitBodyType>, res: MedusaResponse) {
  const startedAt = new Date()
  const { errors } = await applyBenefitWorkflow(req.scope).run({
    input: { cart_id: req.params.id, card: req.validatedBody.card, rule_id: req.validatedBody.rule_id },
    throwOnError: false,
  })
  if (errors.length) {
    throw await explainApplyFailure(req, errors[0].error, startedAt)
  }
  await answer(req, res, req.params.id)
}

/**
 * When the program had already authorized the discount, the customer and the merchant must know
 * that the authorization exists (there is no reversal call) even though nothing was applied.
 */
async function explainApplyFailure(req: MedusaRequest, error: unknown, startedAt: Date) {
  const benefits = req.scope.resolve<BenefitsModuleService>(BENEFITS_MODULE)
  const [failed] = await benefits.listBenefitRedemptions(
    // Only a redemption this very attempt authorized (or brought back) and then could not apply.
    { cart_id: req.params.id, status: "failed", authorization: { $ne: null }, updated_at: { $gte: startedAt } },
    { order: { updated_at: "DESC" }, take: 1 }
  )
  const message = (error as Error)?.message ?? "unknown error"
  if (failed) {
    return new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `The benefits program authorized the discount (authorization ${failed.authorization}), but applying it to the cart failed: ${message} ` +
        "No discount was applied; the redemption is kept as failed with its codes."
    )
  }
  // Keep the step's error type (a refusal stays a 4xx) even if the engine handed back a plain copy.
  const type = (error as { type?: string })?.type
  const known = Object.values(MedusaError.Types).includes(type as (typeof MedusaError.Types)[keyof typeof MedusaError.Types])
  return new MedusaError(known ? (type as string) : MedusaError.Types.UNEXPECTED_STATE, message)
}

/** DELETE /store/carts/:id/benefits */
export async function DELETE(req: MedusaRequest, res: MedusaResponse) {
  await removeBenefitWorkflow(req.scope).run({ input: { cart_id: req.params.id } })
  await answer(req, res, req.params.id)
}
