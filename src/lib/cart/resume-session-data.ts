/**
 * Session data that gives an existing link a new payment session without calling the service
 * (`resume_sig` signs the record id), for the merchant's settle actions.
 */
import { formatCents, toCents } from "../common/money"
import { signResume } from "../return/return-link"

type LinkRecord = {
  id: string
  gateway: string
  number: number
  checkout_id?: string | null
  url?: string | null
  amount: unknown
  currency_code: string
}

export function resumeSessionData(record: LinkRecord, secret: string) {
  return {
    paylink_checkout_id: record.id,
    resume_sig: signResume(secret, record.id),
    gateway: record.gateway,
    number: record.number,
    checkout_id: record.checkout_id,
    url: record.url,
    amount: formatCents(toCents(record.amount as string)),
    // Upper-case, as the service and the signed links write it.
    currency: record.currency_code.toUpperCase(),
  }
}
