import { z } from "@medusajs/framework/zod"
import { createFindParams, createOperatorMap } from "@medusajs/medusa/api/utils/validators"
import { CHECKOUT_ORIGINS, CHECKOUT_STATUSES, GATEWAYS } from "../../../types/paylink"

// The bodies live in ./schemas (pure zod), shared with the admin's forms.
export {
  AdminCheckGatewayBody,
  AdminConfirmCheckoutBody,
  AdminCreateOrderPaymentLinkBody,
  AdminGatewaySettingsBody,
  AdminSendPaymentLinkBody,
  AdminMarkRefundedBody,
  AdminPlaceOrderBody,
  type AdminCreateOrderPaymentLinkBodyType,
  type AdminGatewaySettingsBodyType,
  type AdminSendPaymentLinkBodyType,
  type AdminMarkRefundedBodyType,
} from "./schemas"

export const AdminListCheckoutsQuery = createFindParams({ limit: 20, offset: 0 }).extend({
  status: z.enum(CHECKOUT_STATUSES).optional(),
  gateway: z.enum(GATEWAYS).optional(),
  order_id: z.string().optional(),
  cart_id: z.string().optional(),
  number: z.coerce.number().int().positive().optional(),
  /** One origin, or several (`origin[]=order&origin[]=draft_order`: the admin's links). */
  origin: z.union([z.enum(CHECKOUT_ORIGINS), z.array(z.enum(CHECKOUT_ORIGINS))]).optional(),
  /** A date range: `created_at[$gte]=…&created_at[$lte]=…`. */
  created_at: createOperatorMap().optional(),
})

export const AdminGetCheckoutQuery = createFindParams()
