import { z } from "@medusajs/framework/zod"
import { createFindParams } from "@medusajs/medusa/api/utils/validators"
import { CHECKOUT_STATUSES, GATEWAYS } from "../../../types/paylink"

export const AdminListCheckoutsQuery = createFindParams({ limit: 20, offset: 0 }).extend({
  status: z.enum(CHECKOUT_STATUSES).optional(),
  gateway: z.enum(GATEWAYS).optional(),
  order_id: z.string().optional(),
  cart_id: z.string().optional(),
  number: z.coerce.number().int().positive().optional(),
})

export const AdminGetCheckoutQuery = createFindParams()

export const AdminConfirmCheckoutBody = z.object({}).strict()

export const AdminMarkRefundedBody = z
  .object({
    note: z
      .string({ error: "note is required: say how and when the customer was refunded" })
      .trim()
      .min(3, { error: "note must say how and when the customer was refunded (at least 3 characters)" })
      .max(1000, { error: "note must be at most 1000 characters" }),
  })
  .strict()

export const AdminPlaceOrderBody = z.object({}).strict()

export type AdminMarkRefundedBodyType = z.infer<typeof AdminMarkRefundedBody>
