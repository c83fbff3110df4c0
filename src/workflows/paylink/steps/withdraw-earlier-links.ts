import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"

/**
 * After a new link is made, every other link of the cart that might still be open at the service
 * (a crash mid-call, an answer that never came, a link the customer left) is withdrawn: the
 * customer is sent to exactly one. A withdrawn link that is paid anyway ends with the merchant.
 * `paid`: the cart's paid links the store has not settled, read in the same statement (or found
 * paid on withdrawal), which refuse-paylink-if-paid-meanwhile refuses on.
 */
export const withdrawEarlierCartLinksStep = createStep(
  "withdraw-earlier-cart-links",
  async ({ cart_id, keep_record_id }: { cart_id: string; keep_record_id: string | null }, { container }) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    return new StepResponse(await paylink.withdrawOpenLinksOfCart(cart_id, keep_record_id))
  }
)

/** The same for the admin's links of an order or draft order. */
export const withdrawEarlierOrderLinksStep = createStep(
  "withdraw-earlier-order-links",
  async ({ order_id, keep_record_id }: { order_id: string; keep_record_id: string | null }, { container }) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    return new StepResponse(await paylink.withdrawOpenLinksOfOrder(order_id, keep_record_id))
  }
)
