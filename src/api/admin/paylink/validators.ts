import { z } from "@medusajs/framework/zod"
import { createFindParams } from "@medusajs/medusa/api/utils/validators"
import {
  CHECKOUT_ORIGINS,
  CHECKOUT_STATUSES,
  GATEWAYS,
} from "../../../types/paylink"
import {
  adminListParams,
  dateRange,
  INT32_MAX,
  oneOf,
  oneOrMoreOf,
  wholeNumber,
} from "../list-params"

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

export const AdminListCheckoutsQuery = adminListParams({
  limit: 20,
  offset: 0,
}).extend({
  status: oneOf("status", CHECKOUT_STATUSES).optional(),
  gateway: oneOf("gateway", GATEWAYS).optional(),
  order_id: z.string().optional(),
  cart_id: z.string().optional(),
  number: wholeNumber("number", 1, INT32_MAX).optional(),
  origin: oneOrMoreOf("origin", CHECKOUT_ORIGINS).optional(),
  created_at: dateRange("created_at").optional(),
})

export const AdminGetCheckoutQuery = createFindParams()
