/**
 * Medusa's completeCartWorkflow holds back `order.placed` and `reservation-item.created` until it
 * finishes. A completion that stopped after the order was created (the process killed while the
 * payment was being authorized) never announces its order: the plugin's own order.placed work
 * (the loyalty redemption) and the store's (confirmation e-mail, fulfilment) never run. Recovery
 * announces it once the order is paid, as core would have, once per record.
 */
import {
  ContainerRegistrationKeys,
  EventPriority,
  Modules,
  OrderWorkflowEvents,
  ReservationItemWorkflowEvents,
} from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { PAYLINK_MODULE } from "../../modules/paylink"
import type PaylinkModuleService from "../../modules/paylink/services/paylink-module"
import { redeemOrderBenefitWorkflow } from "../../workflows/benefits/workflows/redeem-order-benefit"

type Container = Pick<MedusaContainer, "resolve">

/** The reservations completeCartWorkflow made for the order's items before it stopped (none when it stopped earlier). */
async function reservationsOfOrder(
  container: Container,
  orderId: string
): Promise<string[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["items.id"],
    filters: { id: orderId },
  })
  const itemIds = (
    ((data[0] as any)?.items ?? []) as ({ id?: string } | null)[]
  )
    .map((i) => i?.id)
    .filter(Boolean) as string[]
  if (!itemIds.length) {
    return []
  }
  const reservations = await container
    .resolve(Modules.INVENTORY)
    .listReservationItems({ line_item_id: itemIds }, { select: ["id"] })
  return reservations.map((r: { id: string }) => r.id)
}

/**
 * When the record owes its order's announcement (the settlement marked it before recording the
 * payment), the cart's loyalty redemption is taken over directly (safe to repeat: only an
 * `authorized` redemption moves), then the owed announcement is taken (compare-and-set, so two
 * recoveries never both emit) and the events are emitted with core's payloads. True when this
 * call emitted them.
 */
export async function announceRecoveredOrder(
  container: Container,
  recordId: string,
  orderId: string
): Promise<boolean> {
  const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  const record = await paylink.retrievePaylinkCheckout(recordId, {
    select: ["id", "order_placed_event"],
  })
  if (record.order_placed_event !== "owed") {
    return false
  }
  // Directly, not only through the event: the redemption must not depend on a subscriber that a
  // second crash could lose. The plugin's order.placed subscriber then finds nothing left to do.
  await redeemOrderBenefitWorkflow(container as MedusaContainer).run({
    input: { order_id: orderId },
  })
  if (!(await paylink.takeOrderPlacedEvent(recordId))) {
    return false
  }
  const reservations = await reservationsOfOrder(container, orderId)
  // Core's payloads: { id } for the order, { id, order_id } for each reservation.
  const events: {
    name: string
    data: Record<string, unknown>
    options?: Record<string, unknown>
  }[] = [
    {
      name: OrderWorkflowEvents.PLACED,
      data: { id: orderId },
      options: { priority: EventPriority.CRITICAL },
    },
    ...reservations.map((id) => ({
      name: ReservationItemWorkflowEvents.CREATED,
      data: { id, order_id: orderId },
    })),
  ]
  await container.resolve(Modules.EVENT_BUS).emit(events)
  container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .info(
      `paylink: order ${orderId}, whose completion was interrupted, announced (order.placed) after its payment was recorded`
    )
  return true
}
