import { model } from "@medusajs/framework/utils"

import { CHECKOUT_ORIGINS, CHECKOUT_STATUSES } from "../../../types/paylink"
import { PAYMENT_VERIFICATIONS } from "../../../types/paylink"

export { CHECKOUT_STATUSES, type CheckoutStatus } from "../../../types/paylink"

/**
 * One hosted checkout (payment link) created at the service. The row is written before the
 * upstream call, so a process that dies mid-call still leaves a trace the merchant can look up by
 * number in the gateway's dashboard.
 */
const PaylinkCheckout = model
  .define("paylink_checkout", {
    id: model.id({ prefix: "plck" }).primaryKey(),
    /** The service's `number`: a serial owned by this module, unique and increasing. */
    number: model.autoincrement().searchable(),
    /**
     * The gateway product (src/lib/paylink/gateways.ts): text, not a database enum, so a new
     * gateway needs no migration; the module checks the value before it writes it.
     */
    gateway: model.text(),
    /** Medusa's pp_<identifier>_<id>; providers are not told their id, so the return flow fills it. */
    provider_id: model.text().nullable(),
    payment_session_id: model.text(),
    cart_id: model.text().nullable(),
    /** The storefront's checkout, or the admin's link for an order's balance or a draft order. */
    origin: model.enum([...CHECKOUT_ORIGINS]).default("storefront"),
    /** The admin user who made an admin link. */
    created_by: model.text().nullable(),
    checkout_id: model.text().nullable(),
    url: model.text().nullable(),
    /** Gateway A: metadata.product; subscription: product. */
    product: model.text().nullable(),
    amount: model.bigNumber(),
    currency_code: model.text(),
    expires_at: model.dateTime().nullable(),
    /** Until when the signed return links are accepted. */
    return_expires_at: model.dateTime(),
    status: model.enum([...CHECKOUT_STATUSES]).default("created"),
    /** "return": a verified return pays the order; "manual": the merchant confirms it in the admin. */
    confirmation: model.enum(["return", "manual"]).default("return"),
    /** Who canceled: the customer on the gateway page (`canceled`), or the store (`withdrawn`). */
    canceled_by: model.enum(["customer", "store"]).nullable(),
    failure_reason: model.text().nullable(),
    /** The same reason as data (src/lib/paylink/failure-detail.ts): a code and its params, for the admin's language. */
    failure_detail: model.json().nullable(),
    /** Why a paid return could not place the order (`needs_attention`); for the merchant. */
    attention_reason: model.text().nullable(),
    /** The same reason as data (src/lib/attention/attention-reason.ts): a code and its params, for the admin's language. */
    attention_detail: model.json().nullable(),
    /** The admin user who settled a `needs_attention` record (placed the order or refunded by hand). */
    settled_by: model.text().nullable(),
    settled_at: model.dateTime().nullable(),
    settlement_note: model.text().nullable(),
    success_redirect: model.text().nullable(),
    cancel_redirect: model.text().nullable(),
    returned_at: model.dateTime().nullable(),
    canceled_at: model.dateTime().nullable(),
    completed_at: model.dateTime().nullable(),
    confirmed_at: model.dateTime().nullable(),
    confirmed_by: model.text().nullable(),
    order_id: model.text().nullable(),
    /**
     * `order.placed` for an order whose cart completion stopped before Medusa announced it (Medusa
     * holds the event back until the completion finishes): recovery marks it `owed` before it
     * records the payment, and turns it `emitted` (once, compare-and-set) when it announces it.
     */
    order_placed_event: model.enum(["owed", "emitted"]).nullable(),
    refunded_amount: model.bigNumber().default(0),
    /**
     * What the gateway's own report said (src/types/reconciliation.ts): `verified` once a
     * reconciliation found the payment, `unverified` when a report covering the order's date had
     * none. Set only by applying a reconciliation; never downgraded from `verified`.
     */
    payment_verification: model.enum([...PAYMENT_VERIFICATIONS]).nullable(),
    verified_at: model.dateTime().nullable(),
    verification_reconciliation_id: model.text().nullable(),
    /** A subscription link's plan (`{ interval, count }`), as the registration sent it; null for others. */
    plan: model.json().nullable(),
    metadata: model.json().nullable(),
  })
  .indexes([
    { on: ["payment_session_id"], unique: true },
    { on: ["number"], unique: true },
    { on: ["status"] },
    { on: ["gateway"] },
    { on: ["order_id"] },
    { on: ["cart_id"] },
    { on: ["origin"] },
    { on: ["created_at"] },
    { on: ["checkout_id"] },
  ])

export default PaylinkCheckout
