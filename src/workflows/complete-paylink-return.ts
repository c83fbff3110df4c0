/**
 * A verified success return: record it, complete the cart (Medusa's completeCartWorkflow, which
 * asks the provider to authorize and so reads the record just marked), tie the order to the link.
 * Idempotent: a second return, or the storefront's own complete call, yields the same order.
 */
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, completeCartWorkflow, releaseLockStep } from "@medusajs/medusa/core-flows"
import { resolvePaylinkReturnStep, type ReturnClaimsInput } from "./steps/resolve-paylink-return"
import { markPaylinkReturnedStep } from "./steps/mark-paylink-returned"
import { markPaylinkCompletedStep } from "./steps/mark-paylink-completed"

export const completePaylinkReturnWorkflow = createWorkflow(
  "complete-paylink-return",
  (input: ReturnClaimsInput) => {
    const found = resolvePaylinkReturnStep(input)
    const returned = markPaylinkReturnedStep({ record_id: found.record_id, cart_id: found.cart_id })
    const cartId = returned.cart_id
    // Nested, completeCartWorkflow skips its own cart lock; take it here so that two returns, or a
    // return and the storefront's complete call, cannot both create an order.
    acquireLockStep({ key: cartId, timeout: 30, ttl: 120 })
    const order = completeCartWorkflow.runAsStep({ input: { id: cartId } })
    const completed = markPaylinkCompletedStep(
      transform({ found, order }, ({ found, order }) => ({ record_id: found.record_id, order_id: order.id }))
    )
    releaseLockStep({ key: cartId })
    return new WorkflowResponse({ order_id: completed.order_id, cart_id: cartId, number: found.number, redirect: found.success_redirect })
  }
)
