import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"

export const PAYLINK_PROVIDER_PREFIX = "pp_paylink-"

type Input = { cart: { id: string; completed_at?: unknown } | null; cart_id: string; provider_id: string }

/** Refuses before anything is written: unknown cart, completed cart, or a provider not of this plugin. */
export const validateCartForPaymentLinkStep = createStep(
  "validate-cart-for-payment-link",
  async ({ cart, cart_id, provider_id }: Input) => {
    if (!cart) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart ${cart_id} was not found.`)
    }
    if (cart.completed_at) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Cart ${cart_id} is already completed.`)
    }
    if (!provider_id.startsWith(PAYLINK_PROVIDER_PREFIX)) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `provider_id: ${provider_id} is not a payment-link provider (expected an id starting with ${PAYLINK_PROVIDER_PREFIX}).`
      )
    }
    return new StepResponse(undefined)
  }
)
