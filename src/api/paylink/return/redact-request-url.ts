import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { redactReturnUrl } from "../../../lib/return/redact-return-url"

/**
 * In front of everything under /paylink/return: `originalUrl`, which Medusa's request log and tracing
 * write, loses its signature. Routing and `req.query` use `req.url`, untouched.
 */
export function redactReturnLinkInLogs(
  req: MedusaRequest,
  _res: MedusaResponse,
  next: MedusaNextFunction
) {
  req.originalUrl = redactReturnUrl(req.originalUrl ?? req.url)
  next()
}
