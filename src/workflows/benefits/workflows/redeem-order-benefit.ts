import {
  createHook,
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { useQueryGraphStep } from "@medusajs/medusa/core-flows"
import { redeemCartBenefitStep } from "../steps/redeem-cart-benefit"

/**
 * A placed order: its cart's authorized redemption becomes the order's. Hook `benefitRedeemed`
 * ({ order_id, redemption_id }: null when the order used no benefit) runs after it.
 */
export const redeemOrderBenefitWorkflow = createWorkflow(
  "redeem-order-benefit",
  (input: { order_id: string }) => {
    const { data: links } = useQueryGraphStep({
      entity: "order_cart",
      fields: ["cart_id", "order_id"],
      filters: { order_id: input.order_id },
    })
    const cartId = transform(
      { links },
      ({ links }) => (links[0]?.cart_id as string | undefined) ?? null
    )
    const redeemed = when(
      "order-has-cart",
      { cartId },
      ({ cartId }) => !!cartId
    ).then(() =>
      redeemCartBenefitStep(
        transform({ cartId, input }, ({ cartId, input }) => ({
          order_id: input.order_id,
          cart_id: cartId!,
        }))
      )
    )
    const result = transform({ redeemed }, ({ redeemed }) => redeemed ?? null)
    const benefitRedeemed = createHook("benefitRedeemed", {
      order_id: input.order_id,
      redemption_id: transform(
        { result },
        ({ result }) => result?.redemption_id ?? null
      ),
    })
    return new WorkflowResponse(result, { hooks: [benefitRedeemed] })
  }
)
