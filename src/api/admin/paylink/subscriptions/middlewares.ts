import type { MiddlewareRoute } from "@medusajs/framework/http"
import {
  validateAndTransformBody,
  validateAndTransformQuery,
} from "../../../utils/validation"
import {
  AdminEndSubscriptionBody,
  AdminListSubscriptionsQuery,
  AdminRemakeRenewalOrderBody,
} from "./validators"

export const adminSubscriptionRoutesMiddlewares: MiddlewareRoute[] = [
  {
    method: ["GET"],
    matcher: "/admin/paylink/subscriptions",
    middlewares: [validateAndTransformQuery(AdminListSubscriptionsQuery, {})],
  },
  {
    method: ["POST"],
    matcher: "/admin/paylink/subscriptions/:id/end",
    middlewares: [validateAndTransformBody(AdminEndSubscriptionBody)],
  },
  {
    method: ["POST"],
    matcher: "/admin/paylink/subscriptions/:id/events/:event_id/order",
    middlewares: [validateAndTransformBody(AdminRemakeRenewalOrderBody)],
  },
]
