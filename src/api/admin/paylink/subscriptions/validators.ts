import { z } from "@medusajs/framework/zod"
import { SUBSCRIPTION_STATUSES } from "../../../../types/subscriptions"
import { SUBSCRIPTION_ORDER_COLUMNS } from "../../../../modules/paylink/repositories/subscription-sql"
import {
  INT32_MAX,
  LIST_LIMIT_MAX,
  oneOrMoreOf,
  wholeNumber,
} from "../../list-params"

const ORDERS = SUBSCRIPTION_ORDER_COLUMNS.flatMap((c) => [c, `-${c}`])

/** GET /admin/paylink/subscriptions: filters checked before anything reaches the database. */
export const AdminListSubscriptionsQuery = z.object({
  status: oneOrMoreOf("status", SUBSCRIPTION_STATUSES).optional(),
  q: z
    .string()
    .trim()
    .max(200, { error: "q must be at most 200 characters" })
    .optional(),
  order_id: z
    .string()
    .trim()
    .max(100, { error: "order_id must be at most 100 characters" })
    .optional(),
  limit: wholeNumber("limit", 0, LIST_LIMIT_MAX).optional().default(20),
  offset: wholeNumber("offset", 0, INT32_MAX).optional().default(0),
  order: z
    .custom<string>((v) => typeof v === "string" && ORDERS.includes(v), {
      error: `order must be one of: ${ORDERS.join(", ")}`,
    })
    .optional()
    .default("-created_at"),
})
export type AdminListSubscriptionsQueryType = z.infer<
  typeof AdminListSubscriptionsQuery
>

export const END_NOTE_MAX = 1000

/** POST /admin/paylink/subscriptions/:id/end */
export const AdminEndSubscriptionBody = z
  .object({
    note: z
      .string({ error: "note must be text" })
      .trim()
      .max(END_NOTE_MAX, {
        error: `note must be at most ${END_NOTE_MAX} characters`,
      })
      .nullish(),
  })
  .strict()
export type AdminEndSubscriptionBodyType = z.infer<
  typeof AdminEndSubscriptionBody
>

/** POST /admin/paylink/subscriptions/:id/events/:event_id/order */
export const AdminRemakeRenewalOrderBody = z.object({}).strict()
