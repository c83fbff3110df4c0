/**
 * Which payment-link providers a cart may use now, for a storefront's payment step, and why not.
 * Read-only: the link routes check it all again under the cart's lock.
 */
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { checkLimits } from "../paylink/limits"
import { toCents } from "../common/money"
import {
  ITEM_SUBSCRIPTION_FIELDS,
  itemsNotSoldBySubscription,
  notSoldBySubscriptionReason,
  type ItemForSubscription,
} from "./subscription-goods"
import {
  gatewayOfProvider,
  type CartPaymentLinkProvider,
  type CartPaymentLinkReasonCode,
} from "../../types/paylink"

export async function cartPaymentLinkProviders(
  container: MedusaContainer,
  cartId: string
): Promise<CartPaymentLinkProvider[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph(
    {
      entity: "cart",
      fields: [
        "id",
        "currency_code",
        "total",
        "region.payment_providers.id",
        "region.payment_providers.is_enabled",
        ...ITEM_SUBSCRIPTION_FIELDS,
      ],
      filters: { id: cartId },
    },
    { throwIfKeyNotFound: true }
  )
  const cart = data[0] as {
    currency_code: string
    total?: unknown
    region?: {
      payment_providers?: ({ id: string; is_enabled?: boolean } | null)[] | null
    } | null
    items?: (ItemForSubscription | null)[] | null
  }
  const enabled = (cart.region?.payment_providers ?? []).filter(
    (p): p is { id: string; is_enabled?: boolean } =>
      !!p && p.is_enabled !== false
  )
  const hasItems = (cart.items ?? []).some((i) => !!i)
  const cents =
    cart.total === undefined || cart.total === null
      ? 0n
      : toCents(cart.total as string)
  const notMarked = enabled.some(
    (p) => gatewayOfProvider(p.id) === "gateway_a_subscription"
  )
    ? await itemsNotSoldBySubscription(container, cart.items ?? [])
    : []

  return enabled
    .flatMap((p) => {
      const gateway = gatewayOfProvider(p.id)
      if (!gateway) {
        return []
      }
      const subscription = gateway === "gateway_a_subscription"
      const violation = hasItems
        ? checkLimits(gateway, p.id, cart.currency_code.toUpperCase(), cents)
        : null
      const [reason_code, reason]: [
        CartPaymentLinkReasonCode | null,
        string | null,
      ] = !hasItems
        ? ["empty_cart", "the cart has no items"]
        : violation
          ? [
              violation.field === "currency_code" ? "currency" : "amount",
              violation.message,
            ]
          : subscription && notMarked.length
            ? ["not_subscription_goods", notSoldBySubscriptionReason(notMarked)]
            : [null, null]
      return [
        {
          id: p.id,
          gateway,
          subscription,
          available: !reason,
          reason,
          reason_code,
        },
      ]
    })
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}
