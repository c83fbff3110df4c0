import { z } from "@medusajs/framework/zod"
import { createFindParams } from "@medusajs/medusa/api/utils/validators"
import { CHECKOUT_STATUSES, GATEWAY_PRODUCTS } from "../../../modules/paylink/models/paylink-checkout"

export const AdminListCheckoutsQuery = createFindParams({ limit: 20, offset: 0 }).extend({
  status: z.enum(CHECKOUT_STATUSES).optional(),
  gateway: z.enum(GATEWAY_PRODUCTS).optional(),
  order_id: z.string().optional(),
  cart_id: z.string().optional(),
  number: z.coerce.number().int().positive().optional(),
})

export const AdminGetCheckoutQuery = createFindParams()

export const AdminConfirmCheckoutBody = z.object({}).strict()
