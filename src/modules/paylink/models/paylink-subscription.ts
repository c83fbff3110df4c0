import { model } from "@medusajs/framework/utils"
import { SUBSCRIPTION_STATUSES } from "../../../types/subscriptions"

/**
 * A paid subscription link and what it keeps selling (docs/subscriptions.md). Written once the link's
 * first order exists; everything after comes from reconciliations of gateway A's export, since the
 * service tells nobody when it charges again. The goods, prices, addresses and shipping method are
 * the first order's, kept here so every renewal order repeats them even if that order is edited.
 */
const PaylinkSubscription = model
  .define("paylink_subscription", {
    id: model.id({ prefix: "plsub" }).primaryKey(),
    /** The paid link (paylink_checkout): one subscription per link. */
    checkout_record_id: model.text(),
    number: model.number(),
    checkout_id: model.text().nullable(),
    provider_id: model.text().nullable(),
    first_order_id: model.text(),
    customer_id: model.text().nullable(),
    email: model.text().nullable(),
    customer_name: model.text().nullable(),
    shipping_address: model.json().nullable(),
    billing_address: model.json().nullable(),
    region_id: model.text().nullable(),
    sales_channel_id: model.text().nullable(),
    /** types/subscriptions.ts SubscriptionItem[] */
    items: model.json(),
    /** types/subscriptions.ts SubscriptionShipping */
    shipping_method: model.json().nullable(),
    /** `{ interval, count }`: the registration's plan the link was made with. */
    plan: model.json(),
    amount: model.bigNumber(),
    currency_code: model.text(),
    started_at: model.dateTime(),
    last_charge_at: model.dateTime(),
    next_charge_at: model.dateTime().nullable(),
    status: model.enum([...SUBSCRIPTION_STATUSES]).default("active"),
    overdue_since: model.dateTime().nullable(),
    ended_at: model.dateTime().nullable(),
    ended_by: model.text().nullable(),
    end_note: model.text().nullable(),
    renewals: model.number().default(0),
    metadata: model.json().nullable(),
  })
  .indexes([
    {
      on: ["checkout_record_id"],
      unique: true,
      where: "deleted_at IS NULL",
    },
    { on: ["first_order_id"] },
    { on: ["status"] },
    { on: ["created_at"] },
  ])

export default PaylinkSubscription
