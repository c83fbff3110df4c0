import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { Modules } from "@medusajs/framework/utils"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"
import { toCents } from "../../../lib/common/money"

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
}

/** The cart's live link for this provider and total: a double click, reload or second tab gets the same link. */
export const findLivePaymentLinkStep = createStep(
  "find-live-payment-link",
  async ({ cart, provider_id, candidates }: Input, { container }) => {
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
      record && isLiveLink(record, total) ? session : null
    )
  }
)

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
