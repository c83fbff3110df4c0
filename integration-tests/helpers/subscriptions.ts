/**
 * Subscriptions as a customer starts them: a cart of goods sold by subscription, the recurring
 * link paid on the sandbox's hosted page and returned, its first order placed. The sandbox then
 * charges later periods and, like the service, tells the store nothing.
 *
 * To see renewals a month apart, as the gateway makes them, time has to pass: a spec runs the
 * sandbox on `sandboxClock` (`startSandbox({ now: sandboxClock })`), which `subscribed` sets
 * `BEHIND_DAYS` back while the link is paid, moving the paid link and its subscription back as
 * far in the store, then brings to the present again. A renewal charged after that falls on its
 * due date, in the past (the sandbox dates one asked for before its due date at its own now, and a
 * reconciliation refuses a row dated in the future).
 */
import { PROVIDERS } from "./seed"
import {
  createCart,
  createPaymentLink,
  followReturn,
  GUEST,
  landedAt,
  orderIdFrom,
  pressOnHostedPage,
} from "./storefront"
import type { PaylinkSuite } from "./suite"

export const BEHIND_DAYS = 100
export const DAY_MS = 86_400_000
let behindMs = 0
/** The sandbox's clock: the present, but `BEHIND_DAYS` back while `subscribed` pays a link. */
export const sandboxClock = () => new Date(Date.now() - behindMs)

type Ctx = Pick<
  PaylinkSuite,
  "api" | "seed" | "sandbox" | "admin" | "dbConnection"
>

export type Subscribed = {
  number: number
  recordId: string
  checkoutId: string
  orderId: string
  subscriptionId: string
}

/** A subscription paid and returned by `guest` (default: the storefront helpers' guest), moved back `BEHIND_DAYS`. */
export async function subscribed(
  ctx: Ctx,
  guest: Record<string, unknown> = GUEST
): Promise<Subscribed> {
  behindMs = BEHIND_DAYS * DAY_MS
  try {
    return await subscribedBehind(ctx, guest)
  } finally {
    behindMs = 0
  }
}

async function subscribedBehind(
  ctx: Ctx,
  guest: Record<string, unknown>
): Promise<Subscribed> {
  const cart = await createCart(
    ctx.api,
    ctx.seed.publishableKey,
    ctx.seed.gtqRegionId,
    [{ variant_id: ctx.seed.variantId, quantity: 1 }],
    guest
  )
  const { data } = await createPaymentLink(
    ctx.api,
    ctx.seed.publishableKey,
    cart.id,
    PROVIDERS.subscription
  )
  const link = data.payment_session.data
  const back = await followReturn(
    ctx.api,
    await pressOnHostedPage(link.url, "pay")
  )
  const orderId = orderIdFrom(landedAt(back))
  const found = await ctx.api.get(
    `/admin/paylink/subscriptions?order_id=${orderId}`,
    ctx.admin
  )
  if (found.data.subscriptions.length !== 1) {
    throw new Error(
      `order ${orderId} of a paid subscription link has ${found.data.subscriptions.length} subscriptions`
    )
  }
  const subscriptionId: string = found.data.subscriptions[0].id
  const ago = `interval '${BEHIND_DAYS} days'`
  await ctx.dbConnection.raw(
    `update "paylink_checkout" set "created_at" = "created_at" - ${ago}, "returned_at" = "returned_at" - ${ago},
       "completed_at" = "completed_at" - ${ago} where "id" = ?`,
    [link.paylink_checkout_id]
  )
  await ctx.dbConnection.raw(
    `update "paylink_subscription" set "started_at" = "started_at" - ${ago}, "last_charge_at" = "last_charge_at" - ${ago},
       "next_charge_at" = "next_charge_at" - ${ago} where "id" = ?`,
    [subscriptionId]
  )
  await ctx.dbConnection.raw(
    `update "paylink_subscription_event" set "at" = "at" - ${ago} where "subscription_id" = ?`,
    [subscriptionId]
  )
  return {
    number: link.number as number,
    recordId: link.paylink_checkout_id as string,
    checkoutId: link.checkout_id as string,
    orderId,
    subscriptionId,
  }
}
