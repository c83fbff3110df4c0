import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import { cartWithTotalsAndCodes } from "../../../lib/cart/cart-totals"
import { benefitStateOf } from "../../../lib/benefits/state"
import { codedError } from "../../../lib/common/store-errors"
import {
  notAppliedError,
  type AuthorizationOnRecord,
} from "../../../lib/benefits/not-applied"

type Input = {
  cart_id: string
  promotion_code: string
  discount: string
  total: string
  held: AuthorizationOnRecord
}

/** Medusa skips a promotion whose rules do not match rather than failing: the cart must show the discount. */
export const verifyBenefitAppliedStep = createStep(
  "verify-benefit-applied",
  async ({ held, ...input }: Input, { container }) => {
    const cart = await cartWithTotalsAndCodes(container, input.cart_id, [
      "id",
      "total",
    ])
    const state = cart
      ? benefitStateOf(
          cart as unknown as {
            total: unknown
            promotions: { code: string | null }[]
          },
          input
        )
      : "removed"
    if (state !== "current") {
      throw notAppliedError(
        held,
        codedError(
          MedusaError.Types.UNEXPECTED_STATE,
          "benefits.not_applied",
          `The loyalty discount could not be applied to cart ${input.cart_id} (${state}).`
        )
      )
    }
    return new StepResponse(undefined)
  }
)
