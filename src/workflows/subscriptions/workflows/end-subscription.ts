/**
 * The merchant ends a subscription after canceling it in gateway A's dashboard (the service has no
 * cancel call, so the store cannot stop the charges itself): no renewal order and no overdue flag
 * after this; a later charge of it is listed for a refund (docs/subscriptions.md#ending-a-subscription).
 */
import {
  createHook,
  createWorkflow,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  endSubscriptionStep,
  type EndSubscriptionInput,
} from "../steps/end-subscription"

export const endSubscriptionWorkflow = createWorkflow(
  "end-paylink-subscription",
  (input: EndSubscriptionInput) => {
    endSubscriptionStep(input)
    /** After the subscription is marked ended (docs/extending.md#workflows-and-hooks). */
    const subscriptionEnded = createHook("subscriptionEnded", {
      subscription_id: input.id,
    })
    return new WorkflowResponse(undefined, { hooks: [subscriptionEnded] })
  }
)
