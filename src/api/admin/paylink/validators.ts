import { z } from "@medusajs/framework/zod"
import { createFindParams } from "@medusajs/medusa/api/utils/validators"
import { CHECKOUT_STATUSES, GATEWAYS } from "../../../types/paylink"

// The bodies live in ./schemas (pure zod), shared with the admin's forms.
export {
  AdminCheckGatewayBody,
  AdminConfirmCheckoutBody,
  AdminGatewaySettingsBody,
  AdminMarkRefundedBody,
  AdminPlaceOrderBody,
  type AdminGatewaySettingsBodyType,
  type AdminMarkRefundedBodyType,
} from "./schemas"

export const AdminListCheckoutsQuery = createFindParams({ limit: 20, offset: 0 }).extend({
  status: z.enum(CHECKOUT_STATUSES).optional(),
  gateway: z.enum(GATEWAYS).optional(),
  order_id: z.string().optional(),
  cart_id: z.string().optional(),
  number: z.coerce.number().int().positive().optional(),
})

export const AdminGetCheckoutQuery = createFindParams()
