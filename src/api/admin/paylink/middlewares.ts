import type { MiddlewareRoute } from "@medusajs/framework/http"
import {
  validateAndTransformBody,
  validateAndTransformQuery,
} from "../../utils/validation"
import {
  AdminCheckGatewayBody,
  AdminConfirmCheckoutBody,
  AdminCreateOrderPaymentLinkBody,
  AdminGatewaySettingsBody,
  AdminSendPaymentLinkBody,
  AdminGetCheckoutQuery,
  AdminListCheckoutsQuery,
  AdminMarkRefundedBody,
  AdminPlaceOrderBody,
} from "./validators"
import {
  listCheckoutsQueryConfig,
  retrieveCheckoutQueryConfig,
} from "./query-config"
import { AdminProductSubscriptionBody } from "./products/validators"

/** The record an action answers, with the fields `?fields=` chooses. */
const answersCheckout = validateAndTransformQuery(
  AdminGetCheckoutQuery,
  retrieveCheckoutQueryConfig
)

export const adminPaylinkRoutesMiddlewares: MiddlewareRoute[] = [
  {
    method: ["GET"],
    matcher: "/admin/paylink/checkouts",
    middlewares: [
      validateAndTransformQuery(
        AdminListCheckoutsQuery,
        listCheckoutsQueryConfig
      ),
    ],
  },
  {
    method: ["GET"],
    matcher: "/admin/paylink/checkouts/:id",
    middlewares: [answersCheckout],
  },
  {
    method: ["POST"],
    matcher: "/admin/paylink/checkouts/:id/confirm",
    middlewares: [
      validateAndTransformBody(AdminConfirmCheckoutBody),
      answersCheckout,
    ],
  },
  {
    method: ["POST"],
    matcher: "/admin/paylink/checkouts/:id/place-order",
    middlewares: [
      validateAndTransformBody(AdminPlaceOrderBody),
      answersCheckout,
    ],
  },
  {
    method: ["POST"],
    matcher: "/admin/paylink/checkouts/:id/mark-refunded",
    middlewares: [
      validateAndTransformBody(AdminMarkRefundedBody),
      answersCheckout,
    ],
  },
  // Pay by link from the admin (orders with a balance, draft orders)
  {
    method: ["POST"],
    matcher: "/admin/paylink/orders/:id/payment-links",
    middlewares: [
      validateAndTransformBody(AdminCreateOrderPaymentLinkBody),
      answersCheckout,
    ],
  },
  {
    method: ["POST"],
    matcher: "/admin/paylink/checkouts/:id/send",
    middlewares: [
      validateAndTransformBody(AdminSendPaymentLinkBody),
      answersCheckout,
    ],
  },
  // Which goods the subscription provider may charge
  {
    method: ["POST"],
    matcher: "/admin/paylink/products/:id/subscription",
    middlewares: [validateAndTransformBody(AdminProductSubscriptionBody)],
  },
  // Gateway credentials set in the admin
  {
    method: ["POST"],
    matcher: "/admin/paylink/gateways/:gateway",
    middlewares: [validateAndTransformBody(AdminGatewaySettingsBody)],
  },
  {
    method: ["POST"],
    matcher: "/admin/paylink/gateways/:gateway/check",
    middlewares: [validateAndTransformBody(AdminCheckGatewayBody)],
  },
]
