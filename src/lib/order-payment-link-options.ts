/**
 * What the admin's "Create payment link" offers for an order: what it still owes, and each
 * payment-link provider of its region with whether that gateway takes this amount and currency
 * (and why not). Read-only; the workflow checks it all again before anything is made.
 */
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { checkLimits } from "./paylink/limits"
import { formatCents } from "./money"
import { originOf, outstandingCents } from "./order-payment-data"
import { canSendEmail } from "./notification-channel"
import { gatewayOfProvider, type OrderPaymentLinkOptions } from "../types/paylink"

export type { OrderPaymentLinkOptions }


export async function orderPaymentLinkOptions(container: MedusaContainer, orderId: string): Promise<OrderPaymentLinkOptions> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph(
    {
      entity: "order",
      fields: ["id", "display_id", "status", "is_draft_order", "currency_code", "email", "region_id", "summary.*"],
      filters: { id: orderId },
    },
    { throwIfKeyNotFound: true }
  )
  const order = data[0] as any
  const owed = outstandingCents(order)
  const { data: regions } = order.region_id
    ? await query.graph({ entity: "region", fields: ["id", "payment_providers.id", "payment_providers.is_enabled"], filters: { id: order.region_id } })
    : { data: [] as any[] }
  const providers = ((regions[0]?.payment_providers ?? []) as { id: string; is_enabled?: boolean }[])
    .filter((p) => p && p.is_enabled !== false)
    .flatMap((p) => {
      const gateway = gatewayOfProvider(p.id)
      if (!gateway) {
        return []
      }
      const violation = owed > 0n ? checkLimits(gateway, p.id, String(order.currency_code).toUpperCase(), owed) : null
      return [{ id: p.id, gateway, available: owed > 0n && !violation, reason: violation ? violation.message : owed > 0n ? null : "nothing is owed" }]
    })
    .sort((a, b) => a.id.localeCompare(b.id))
  return {
    order_id: order.id,
    display_id: order.display_id ?? null,
    origin: originOf(order),
    status: order.status,
    currency_code: order.currency_code,
    email: order.email ?? null,
    outstanding_amount: formatCents(owed > 0n ? owed : 0n),
    providers,
    can_send_email: await canSendEmail(container),
  }
}
