/**
 * What the admin's "Create payment link" offers for an order: what it still owes, and each
 * payment-link provider of its region with whether that gateway takes this amount and currency
 * (and why not). Read-only; the workflow checks it all again before anything is made.
 */
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { checkLimits, CURRENCY_RULES } from "../paylink/limits"
import { formatCents } from "../common/money"
import { originOf, outstandingCents } from "./order-payment-data"
import { canSendEmail } from "./notification-channel"
import {
  gatewayOfProvider,
  type OrderPaymentLinkOptions,
  type OrderPaymentLinkProvider,
} from "../../types/paylink"
import {
  ITEM_SUBSCRIPTION_FIELDS,
  itemsNotSoldBySubscription,
  notSoldBySubscriptionReason,
} from "../cart/subscription-goods"

export type { OrderPaymentLinkOptions }

export async function orderPaymentLinkOptions(
  container: MedusaContainer,
  orderId: string
): Promise<OrderPaymentLinkOptions> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph(
    {
      entity: "order",
      fields: [
        "id",
        "display_id",
        "status",
        "is_draft_order",
        "currency_code",
        "email",
        "region_id",
        "summary.*",
        ...ITEM_SUBSCRIPTION_FIELDS,
      ],
      filters: { id: orderId },
    },
    { throwIfKeyNotFound: true }
  )
  const order = data[0] as any
  const owed = outstandingCents(order)
  const { data: regions } = order.region_id
    ? await query.graph({
        entity: "region",
        fields: ["id", "payment_providers.id", "payment_providers.is_enabled"],
        filters: { id: order.region_id },
      })
    : { data: [] as any[] }
  const enabled = (
    (regions[0]?.payment_providers ?? []) as {
      id: string
      is_enabled?: boolean
    }[]
  ).filter((p) => p && p.is_enabled !== false)
  // The subscription gateway charges every period: only for goods sold by subscription.
  const notMarked = enabled.some(
    (p) => gatewayOfProvider(p.id) === "gateway_a_subscription"
  )
    ? await itemsNotSoldBySubscription(container, order.items ?? [])
    : []
  const providers = enabled
    .flatMap((p) => {
      const gateway = gatewayOfProvider(p.id)
      if (!gateway) {
        return []
      }
      const violation =
        owed > 0n
          ? checkLimits(
              gateway,
              p.id,
              String(order.currency_code).toUpperCase(),
              owed
            )
          : null
      const unavailable: Pick<
        OrderPaymentLinkProvider,
        "reason" | "reason_code" | "reason_params"
      > | null =
        owed <= 0n
          ? {
              reason: "nothing is owed",
              reason_code: "nothing_owed",
              reason_params: {},
            }
          : violation
            ? {
                reason: violation.message,
                reason_code:
                  violation.field === "currency_code" ? "currency" : "amount",
                reason_params: {
                  currencies: CURRENCY_RULES[gateway].currencies.join(", "),
                  ...(violation.bounds && {
                    min: formatCents(violation.bounds.minCents),
                    max: formatCents(violation.bounds.maxCents),
                  }),
                },
              }
            : gateway === "gateway_a_subscription" && notMarked.length
              ? {
                  reason: notSoldBySubscriptionReason(notMarked),
                  reason_code: "not_subscription_goods",
                  reason_params: { items: notMarked.join(", ") },
                }
              : null
      return [
        {
          id: p.id,
          gateway,
          available: !unavailable,
          reason: null,
          reason_code: null,
          reason_params: {},
          ...unavailable,
        },
      ]
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
