export const CHECKOUT_FIELDS = [
  "id",
  "number",
  "gateway",
  "provider_id",
  "payment_session_id",
  "cart_id",
  "order_id",
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
  "returned_at",
  "canceled_at",
  "completed_at",
  "confirmed_at",
  "confirmed_by",
  "refunded_amount",
  "created_at",
  "updated_at",
]

export const listCheckoutsQueryConfig = {
  defaults: CHECKOUT_FIELDS,
  defaultLimit: 20,
  isList: true,
}

export const retrieveCheckoutQueryConfig = {
  defaults: CHECKOUT_FIELDS,
  isList: false,
}
