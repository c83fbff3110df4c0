import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"

/**
 * After a new link is made, every other link of the cart that might still be open at the service is
 * withdrawn. `paid`: its unsettled paid links, read in the same statement, for the next check.
 */
export const withdrawEarlierCartLinksStep = createStep(
  "withdraw-earlier-cart-links",
  async (
    {
      cart_id,
      keep_record_id,
    }: { cart_id: string; keep_record_id: string | null },
    { container }
  ) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    return new StepResponse(
      await paylink.withdrawOpenLinksOfCart(cart_id, keep_record_id)
    )
  }
)

/** The same for the admin's links of an order or draft order. */
export const withdrawEarlierOrderLinksStep = createStep(
  "withdraw-earlier-order-links",
  async (
    {
      order_id,
      keep_record_id,
    }: { order_id: string; keep_record_id: string | null },
    { container }
  ) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    return new StepResponse(
      await paylink.withdrawOpenLinksOfOrder(order_id, keep_record_id)
    )
  }
)
