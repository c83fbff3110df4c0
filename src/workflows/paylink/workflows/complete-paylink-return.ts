/**
 * A verified success return. The customer paid, so this ends in exactly one of: the order placed
 * (or the one already placed through this link, for a replay), or the record in `needs_attention`
 * with the reason, for the merchant to settle. It never ends in an error the customer is left with.
 */
import {
  createHook,
  createWorkflow,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  resolvePaylinkReturnStep,
  type ReturnClaimsInput,
} from "../steps/resolve-paylink-return"
import { settlePaylinkCheckoutWorkflow } from "./settle-paylink-checkout"
import type { CheckoutOrigin } from "../../../types/paylink"

export type PaylinkReturnResult = {
  order_id: string | null
  /** Why the order could not be placed (for the merchant; the customer sees a plain sentence). */
  attention_reason: string | null
  cart_id: string | null
  number: number
  redirect: string | null
  /** An admin link's customer gets the plugin's own pages, not the storefront's. */
  origin: CheckoutOrigin
}

export const completePaylinkReturnWorkflow = createWorkflow(
  "complete-paylink-return",
  (input: ReturnClaimsInput) => {
    const found = resolvePaylinkReturnStep(input)
    // The storefront's link: the cart becomes the order; an admin link: the payment is recorded on its order.
    const outcome = settlePaylinkCheckoutWorkflow.runAsStep({
      input: transform({ found, input }, ({ found, input }) => ({
        record_id: found.record_id,
        expired: input.expired,
      })),
    })
    const result = transform(
      { found, outcome },
      ({ found, outcome }): PaylinkReturnResult => {
        return {
          cart_id: found.cart_id,
          number: found.number,
          redirect: found.success_redirect,
          origin: found.origin,
          order_id: outcome?.order_id ?? null,
          attention_reason: outcome?.reason ?? null,
        }
      }
    )
    const paylinkReturned = createHook("paylinkReturned", { result })
    return new WorkflowResponse(result, { hooks: [paylinkReturned] })
  }
)
