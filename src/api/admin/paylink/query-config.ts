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
  "attention_reason",
  "settled_by",
  "settled_at",
  "settlement_note",
  "returned_at",
  "canceled_at",
  "completed_at",
  "confirmed_at",
  "confirmed_by",
  "refunded_amount",
  "created_at",
  "updated_at",
]

/** Everything a record holds that the admin may read; nothing else can be asked for with `fields`. */
const ALLOWED = [...CHECKOUT_FIELDS, "success_redirect", "cancel_redirect", "metadata"]

export const listCheckoutsQueryConfig = {
  defaults: CHECKOUT_FIELDS,
  allowed: ALLOWED,
  defaultLimit: 20,
  isList: true,
}

export const retrieveCheckoutQueryConfig = {
  defaults: CHECKOUT_FIELDS,
  allowed: ALLOWED,
  isList: false,
}
