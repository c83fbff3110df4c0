import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { Modules } from "@medusajs/framework/utils"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"
import { toCents } from "../../../lib/common/money"
import { hasCancelAddress } from "../../../lib/paylink/gateways"
import { sameLinkUrl } from "../../../storefront/left-link"

/** A link this close to expiry is not handed out again: the customer needs time to pay. */
const MIN_REMAINING_MS = 10 * 60_000

type Session = {
  id: string
  provider_id: string
  amount: unknown
  currency_code: string
  status?: string
  data?: Record<string, unknown> | null
}

type Input = {
  cart: {
    total: unknown
    payment_collection?: { id?: string | null } | null
  } | null
  provider_id: string
  /** The cart's `created` links that may be for this provider (the paid-link check's read). */
  candidates: string[]
  /** The hosted page the shopper came back from without a success return, as the storefront says. */
  left_url?: string | null
}

/**
 * The cart's live link for this provider and total: a double click, reload or second tab gets the
 * same link. Not a link the shopper came back from on a gateway with no cancel address
 * (`leftWithoutCancel`): that one may be dead at the gateway, and nothing else tells the store.
 */
export const findLivePaymentLinkStep = createStep(
  "find-live-payment-link",
  async ({ cart, provider_id, candidates, left_url }: Input, { container }) => {
    const collectionId = cart!.payment_collection?.id
    if (!candidates.length || !collectionId) {
      return new StepResponse(null)
    }
    const total = toCents(cart!.total as string)
    const payment = container.resolve(Modules.PAYMENT)
    const sessions = (await payment.listPaymentSessions(
      { payment_collection_id: collectionId, provider_id },
      {
        select: [
          "id",
          "provider_id",
          "amount",
          "currency_code",
          "status",
          "data",
        ],
      }
    )) as unknown as Session[]
    const session = sessions.find(
      (s) =>
        typeof s.data?.paylink_checkout_id === "string" &&
        candidates.includes(s.data.paylink_checkout_id) &&
        toCents(s.amount as string) === total
    )
    if (!session) {
      return new StepResponse(null)
    }
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    const [record] = await paylink.listPaylinkCheckouts({
      id: session.data!.paylink_checkout_id as string,
    })
    return new StepResponse(
      record &&
        isLiveLink(record, total) &&
        !leftWithoutCancel(record, left_url)
        ? session
        : null
    )
  }
)

/**
 * The shopper was sent to this very link and came back to the store without a success return, on a
 * gateway whose Cancel has no way back to the store: it may have been canceled there (then it is
 * dead), and a new link costs one service call. On a gateway with a cancel address a Cancel comes
 * back through the return route (the record is then `canceled`), so a shopper back without it
 * pressed Back, and the link is still payable. Any other url (an older link another tab replaced,
 * or unknown) says nothing about the live link.
 */
export function leftWithoutCancel(
  record: { gateway: string; url?: string | null },
  leftUrl: string | null | undefined
): boolean {
  return (
    !!leftUrl &&
    !!record.url &&
    !hasCancelAddress(record.gateway) &&
    sameLinkUrl(record.url, leftUrl)
  )
}

type RecordForLiveness = {
  status: string
  url?: string | null
  amount: unknown
  return_expires_at: Date | string
  expires_at?: Date | string | null
}

/** Open, for exactly `cents`, and far enough from both expiries to be handed out again. */
export function isLiveLink(
  record: RecordForLiveness,
  cents: bigint,
  now = Date.now()
): boolean {
  const until = now + MIN_REMAINING_MS
  return (
    record.status === "created" &&
    !!record.url &&
    toCents(record.amount as string) === cents &&
    new Date(record.return_expires_at).getTime() > until &&
    (!record.expires_at || new Date(record.expires_at).getTime() > until)
  )
}
