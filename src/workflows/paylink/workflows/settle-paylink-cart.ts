/**
 * A storefront link's settlement: its cart becomes the order it was paid for (or, already that
 * order, the link's payment is recorded on it), or the record goes to the merchant with the reason.
 * Run by settlePaylinkCheckoutWorkflow under the cart's settlement lock.
 */
import {
  createWorkflow,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { outcomeOf } from "../../../lib/settlement/next"
import {
  handPaylinkToMerchantStep,
  recordPaylinkPaymentStep,
  tiePaylinkRecordStep,
  type SettleInput,
} from "../steps/settlement-common"
import {
  claimCartReturnStep,
  claimPlacedOrderStep,
  completePaylinkCartStep,
  readCartSettlementStep,
  readPlacedOrderStep,
} from "../steps/settle-cart-steps"

export const settlePaylinkCartWorkflow = createWorkflow(
  "settle-paylink-cart",
  (input: SettleInput) => {
    const read = readCartSettlementStep(input)
    const handed = handPaylinkToMerchantStep(read).config({
      name: "hand-paylink-cart-to-merchant",
    })
    const claimed = claimCartReturnStep(handed)
    const completed = completePaylinkCartStep(claimed)
    // The cart is an order now (this completion's, or an earlier one's): the link's payment on it.
    const placed = readPlacedOrderStep(completed)
    const placedHanded = handPaylinkToMerchantStep(placed).config({
      name: "hand-paylink-placed-order-to-merchant",
    })
    const paying = claimPlacedOrderStep(placedHanded)
    const paid = recordPaylinkPaymentStep(paying).config({
      name: "record-paylink-payment-on-cart-order",
    })
    const tied = tiePaylinkRecordStep(paid).config({
      name: "tie-paylink-record-to-cart-order",
    })
    return new WorkflowResponse(
      transform({ tied }, ({ tied }) => outcomeOf(tied))
    )
  }
)
