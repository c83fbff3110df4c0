/**
 * The record's insert in one round trip: an INSERT ... RETURNING with no transaction
 * around it, where the module's generated create sends BEGIN, INSERT and COMMIT. It is one
 * statement, so it is atomic on its own; the serial `number`, the timestamps and the refund ledger's
 * zero come from the table's defaults. The unique index on payment_session_id still refuses a
 * second record for one session (error 23505, read by the service).
 */
import { BigNumber, generateEntityId } from "@medusajs/framework/utils"
import type { OpenCheckoutInput } from "./types"
import { centsToDecimal } from "../../lib/common/money"

const COLUMNS = [
  "id",
  "gateway",
  "provider_id",
  "payment_session_id",
  "cart_id",
  "order_id",
  "origin",
  "created_by",
  "amount",
  "raw_amount",
  "currency_code",
  "return_expires_at",
  "status",
  "confirmation",
  "success_redirect",
  "cancel_redirect",
] as const

/** The statement and its values (run by CheckoutRecordService.open on the caller's transaction, if any). */
export function insertCheckout(input: OpenCheckoutInput): [string, unknown[]] {
  // Exact: a two-decimal value converts to BigNumber through its shortest decimal text, as the
  // model's own bigNumber column does.
  const decimal = centsToDecimal(input.cents)
  const amount = new BigNumber(decimal)
  const values: Record<(typeof COLUMNS)[number], unknown> = {
    id: generateEntityId(undefined, "plck"),
    gateway: input.gateway,
    provider_id: input.provider_id ?? null,
    payment_session_id: input.payment_session_id,
    cart_id: input.cart_id ?? null,
    order_id: input.order_id ?? null,
    origin: input.origin ?? "storefront",
    created_by: input.created_by ?? null,
    amount: decimal,
    raw_amount: JSON.stringify(amount.raw),
    // Stored lower-case, as Medusa stores currency codes; the service and the signed links use upper-case.
    currency_code: input.currency_code.toLowerCase(),
    return_expires_at: input.return_expires_at,
    status: "created",
    confirmation: input.confirmation,
    success_redirect: input.success_redirect ?? null,
    cancel_redirect: input.cancel_redirect ?? null,
  }
  return [
    `insert into "paylink_checkout" (${COLUMNS.map((c) => `"${c}"`).join(", ")}) values (${COLUMNS.map(() => "?").join(", ")}) returning *`,
    COLUMNS.map((c) => values[c]),
  ]
}
