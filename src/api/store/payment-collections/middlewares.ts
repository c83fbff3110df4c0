import type { MiddlewareRoute } from "@medusajs/framework/http"
import { createPaylinkSessionOnCoreRoute } from "./create-paylink-session"

/** The one core route the plugin stands in front of, for its own providers (./create-paylink-session.ts). */
export const storePaymentCollectionRoutesMiddlewares: MiddlewareRoute[] = [
  {
    method: ["POST"],
    matcher: "/store/payment-collections/:id/payment-sessions",
    middlewares: [createPaylinkSessionOnCoreRoute],
  },
]
