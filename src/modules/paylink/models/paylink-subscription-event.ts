import { model } from "@medusajs/framework/utils"
import {
  RENEWAL_ORDER_STATES,
  SUBSCRIPTION_EVENT_KINDS,
} from "../../../types/subscriptions"

/**
 * One point of a subscription's timeline (types/subscriptions.ts SubscriptionEvent). A renewal is
 * one per charge instant (unique), so the same export row read from a second or overlapping file
 * finds the event it made and never a second order. A renewal's `order_id` is chosen when the event
 * is written, before the order exists: the order is created with that id, so a stopped apply finds
 * out whether its order was made by looking that id up, and two appliers cannot make two.
 */
const PaylinkSubscriptionEvent = model
  .define("paylink_subscription_event", {
    id: model.id({ prefix: "plsev" }).primaryKey(),
    subscription_id: model.text(),
    kind: model.enum([...SUBSCRIPTION_EVENT_KINDS]),
    at: model.dateTime(),
    amount: model.bigNumber().nullable(),
    currency_code: model.text().nullable(),
    order_id: model.text().nullable(),
    order_state: model.enum([...RENEWAL_ORDER_STATES]).nullable(),
    order_error: model.text().nullable(),
    reconciliation_id: model.text().nullable(),
    entry_id: model.text().nullable(),
    file_name: model.text().nullable(),
    line: model.number().nullable(),
    card_last4: model.text().nullable(),
    authorization: model.text().nullable(),
    actor_id: model.text().nullable(),
    note: model.text().nullable(),
  })
  .indexes([
    {
      on: ["subscription_id", "kind", "at"],
      unique: true,
      where: "deleted_at IS NULL",
    },
    { on: ["order_id"] },
    { on: ["order_state"] },
  ])

export default PaylinkSubscriptionEvent
