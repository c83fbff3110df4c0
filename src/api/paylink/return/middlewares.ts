import type { MiddlewareRoute } from "@medusajs/framework/http"
import { redactReturnLinkInLogs } from "./redact-request-url"

export const paylinkReturnRoutesMiddlewares: MiddlewareRoute[] = [
  // Return addresses: no `sig` in Medusa's request log (every method, every path below it).
  {
    matcher: "/paylink/return",
    middlewares: [redactReturnLinkInLogs],
  },
]
