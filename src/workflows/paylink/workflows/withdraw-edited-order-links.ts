/**
 * An edit of an order or a draft order withdraws its live admin links, under the order's link lock:
 * a link is made for exactly what the order owed then (docs/architecture.md#admin-links).
 */
import {
  createStep,
  createWorkflow,
  StepResponse,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"
import { PAYABLE } from "../../../modules/paylink/utils/state-machine"
import { toCents } from "../../../lib/common/money"
import { orderLinkLockKey } from "./create-order-payment-link"

export type WithdrawEditedOrderLinksInput = {
  order_id: string
  /** After the edit: keep a link for exactly what the order owes now. */
  keep_matching?: boolean
}

const withdrawEditedOrderLinksStep = createStep(
  "withdraw-edited-order-links",
  async (
    { order_id, keep_matching }: WithdrawEditedOrderLinksInput,
    { container }
  ) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    const open = await paylink.listPaylinkCheckouts(
      { order_id, origin: ["order", "draft_order"], status: [...PAYABLE] },
      { select: ["id", "amount"] }
    )
    if (!open.length) {
      return new StepResponse(0)
    }
    let owed: bigint | null = null
    if (keep_matching) {
      const query = container.resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({
        entity: "order",
        fields: ["id", "summary.*"],
        filters: { id: order_id },
      })
      owed = toCents(
        ((data[0] as any)?.summary?.pending_difference ?? 0) as string
      )
    }
    let withdrawn = 0
    for (const record of open) {
      if (
        owed !== null &&
        toCents(record.amount as unknown as string) === owed
      ) {
        continue
      }
      if ((await paylink.withdraw(record.id)).changed) {
        withdrawn++
      }
    }
    return new StepResponse(withdrawn)
  }
)

export const withdrawEditedOrderLinksWorkflow = createWorkflow(
  "withdraw-paylink-edited-order-links",
  (input: WithdrawEditedOrderLinksInput) => {
    const lockKey = transform({ input }, ({ input }) =>
      orderLinkLockKey(input.order_id)
    )
    acquireLockStep({ key: lockKey, timeout: 30, ttl: 60 })
    const withdrawn = withdrawEditedOrderLinksStep(input)
    releaseLockStep({ key: lockKey })
    return new WorkflowResponse(withdrawn)
  }
)
