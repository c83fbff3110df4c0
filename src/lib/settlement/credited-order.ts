/**
 * Whether a paid link's money is already on an order, read from Medusa's payments, never from the
 * record: the order then shows it paid, so the link must not be marked refunded or said to be
 * "not recorded".
 */
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { orderOfCart } from "./paid-with"
import { creditedToOrder } from "./reads"

type Container = Pick<MedusaContainer, "resolve">

type LinkRecord = {
  id: string
  origin?: string | null
  cart_id?: string | null
  order_id?: string | null
  payment_session_id: string
}

/**
 * The order on which the link's payment is credited (its payment exists and each capture is an
 * order transaction), or null. The candidates are the link's own order (an admin link) and the
 * order its cart became (a storefront link); the sessions, the link's own and any session of that
 * order's collections made for this record (a re-created or merchant-made one).
 */
export async function orderCreditedWithLink(
  container: Container,
  record: LinkRecord
): Promise<{ id: string; display_id: number | null } | null> {
  const candidates = new Set<string>()
  if (record.order_id) {
    candidates.add(record.order_id)
  }
  if (record.cart_id) {
    const fromCart = await orderOfCart(container, record.cart_id)
    if (fromCart) {
      candidates.add(fromCart)
    }
  }
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  for (const orderId of candidates) {
    const { data } = await query.graph({
      entity: "order",
      fields: [
        "id",
        "display_id",
        "payment_collections.payment_sessions.id",
        "payment_collections.payment_sessions.data",
      ],
      filters: { id: orderId },
    })
    const order = data[0] as any
    if (!order) {
      continue
    }
    const sessions = new Set<string>([record.payment_session_id])
    for (const collection of order.payment_collections ?? []) {
      for (const session of collection?.payment_sessions ?? []) {
        if (session?.data?.paylink_checkout_id === record.id) {
          sessions.add(session.id)
        }
      }
    }
    for (const sessionId of sessions) {
      if (await creditedToOrder(container, sessionId, orderId)) {
        return {
          id: orderId,
          display_id: (order.display_id as number | undefined) ?? null,
        }
      }
    }
  }
  return null
}
