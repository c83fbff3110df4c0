export const CHECKOUT_FIELDS = [
  "id",
  "number",
  "gateway",
  "provider_id",
  "payment_session_id",
  "cart_id",
  "order_id",
  "origin",
  "created_by",
  "checkout_id",
  "url",
  "product",
  "amount",
  "currency_code",
  "expires_at",
  "return_expires_at",
  "status",
  "confirmation",
  "canceled_by",
  "failure_reason",
  "failure_detail",
  "attention_reason",
  "attention_detail",
  "settled_by",
  "settled_at",
  "settlement_note",
  "returned_at",
  "canceled_at",
  "completed_at",
  "confirmed_at",
  "confirmed_by",
  "refunded_amount",
  "payment_verification",
  "verified_at",
  "verification_reconciliation_id",
  "created_at",
  "updated_at",
]

/** Worked out per record when answered, not stored; asked for with `fields` like stored ones. */
export const COMPUTED_CHECKOUT_FIELDS = [
  "actions",
  "place_order_blocked",
  "subject",
] as const

/** Everything a record holds that the admin may read; nothing else can be asked for with `fields`. */
const ALLOWED = [
  ...CHECKOUT_FIELDS,
  "success_redirect",
  "cancel_redirect",
  "metadata",
  ...COMPUTED_CHECKOUT_FIELDS,
]

const DEFAULTS = [...CHECKOUT_FIELDS, ...COMPUTED_CHECKOUT_FIELDS]

export const listCheckoutsQueryConfig = {
  defaults: DEFAULTS,
  allowed: ALLOWED,
  defaultLimit: 20,
  isList: true,
}

export const retrieveCheckoutQueryConfig = {
  defaults: DEFAULTS,
  allowed: ALLOWED,
  isList: false,
}
