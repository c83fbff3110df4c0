/**
 * An admin link's settlement: its payment recorded on its order (a new session first when the
 * store replaced the link, a draft converted once paid in full), or the record goes to the merchant
 * with the reason. Run by settlePaylinkCheckoutWorkflow under the order's link lock.
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
  claimOrderReturnStep,
  convertPaidDraftStep,
  makeLinkSessionStep,
  readOrderSettlementStep,
} from "../steps/settle-order-steps"

export const settlePaylinkOrderWorkflow = createWorkflow(
  "settle-paylink-order",
  (input: SettleInput) => {
    const read = readOrderSettlementStep(input)
    const handed = handPaylinkToMerchantStep(read).config({
      name: "hand-paylink-order-to-merchant",
    })
    const claimed = claimOrderReturnStep(handed)
    const session = makeLinkSessionStep(claimed)
    const recorded = recordPaylinkPaymentStep(session)
    const converted = convertPaidDraftStep(recorded)
    const tied = tiePaylinkRecordStep(converted)
    return new WorkflowResponse(
      transform({ tied }, ({ tied }) => outcomeOf(tied))
    )
  }
)
