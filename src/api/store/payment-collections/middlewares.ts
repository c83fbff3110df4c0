import type { MiddlewareRoute } from "@medusajs/framework/http"
import { createPaylinkSessionOnCoreRoute } from "./create-paylink-session"

/** In front of Medusa's own route: the plugin answers it for its own providers (create-paylink-session.ts). */
export const storePaymentCollectionRoutesMiddlewares: MiddlewareRoute[] = [
  {
    method: ["POST"],
    matcher: "/store/payment-collections/:id/payment-sessions",
    middlewares: [createPaylinkSessionOnCoreRoute],
  },
]
