import {
  authenticate,
  defineMiddlewares,
  validateAndTransformBody,
  validateAndTransformQuery,
} from "@medusajs/framework/http"
import { StorePaymentLinkBody } from "./store/carts/validators"
import { fillPaylinkSessionData } from "./store/payment-collections/fill-paylink-session-data"
import { AdminConfirmCheckoutBody, AdminGetCheckoutQuery, AdminListCheckoutsQuery } from "./admin/paylink/validators"
import { listCheckoutsQueryConfig, retrieveCheckoutQueryConfig } from "./admin/paylink/query-config"

export default defineMiddlewares({
  routes: [
    {
      method: ["POST"],
      matcher: "/store/carts/:id/payment-link",
      middlewares: [
        authenticate("customer", ["session", "bearer"], { allowUnauthenticated: true }),
        validateAndTransformBody(StorePaymentLinkBody),
      ],
    },
    {
      method: ["POST"],
      matcher: "/store/payment-collections/:id/payment-sessions",
      middlewares: [fillPaylinkSessionData],
    },
    {
      method: ["GET"],
      matcher: "/admin/paylink/checkouts",
      middlewares: [validateAndTransformQuery(AdminListCheckoutsQuery, listCheckoutsQueryConfig)],
    },
    {
      method: ["GET"],
      matcher: "/admin/paylink/checkouts/:id",
      middlewares: [validateAndTransformQuery(AdminGetCheckoutQuery, retrieveCheckoutQueryConfig)],
    },
    {
      method: ["POST"],
      matcher: "/admin/paylink/checkouts/:id/confirm",
      middlewares: [validateAndTransformBody(AdminConfirmCheckoutBody)],
    },
  ],
})
