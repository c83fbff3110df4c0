/**
 * Settlement of a paid link, from the state as it is now: a storefront link's cart
 * (settle-paylink-cart) or an admin link's order (settle-paylink-order), under one lock per cart
 * or order, so that a return, its replay, the stranded-returns job and the merchant's actions go one
 * after the other. It ends with an order or with the record in `needs_attention` (docs/architecture.md#settlement).
 */
import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import type { SettleOutcome } from "../../../lib/settlement/disposition"
import {
  settlementLockStep,
  type SettleInput,
} from "../steps/settlement-common"
import { settlePaylinkCartWorkflow } from "./settle-paylink-cart"
import { settlePaylinkOrderWorkflow } from "./settle-paylink-order"

export type { SettleInput, SettleOutcome }

export const settlePaylinkCheckoutWorkflow = createWorkflow(
  "settle-paylink-checkout",
  (input: SettleInput) => {
    const lock = settlementLockStep(input)
    // Also when run as another workflow's step (the return, Place order, Record payment).
    acquireLockStep({
      key: lock.key,
      ownerId: lock.owner,
      timeout: 30,
      ttl: 180,
      executeOnSubWorkflow: true,
    })
    const cart = when(
      "paylink-settles-cart",
      { lock },
      ({ lock }) => lock.cart
    ).then(() => settlePaylinkCartWorkflow.runAsStep({ input }))
    const order = when(
      "paylink-settles-order",
      { lock },
      ({ lock }) => !lock.cart
    ).then(() => settlePaylinkOrderWorkflow.runAsStep({ input }))
    releaseLockStep({
      key: lock.key,
      ownerId: lock.owner,
      executeOnSubWorkflow: true,
    })
    return new WorkflowResponse(
      transform(
        { cart, order },
        ({ cart, order }): SettleOutcome =>
          cart ?? order ?? { order_id: null, reason: null }
      )
    )
  }
)
