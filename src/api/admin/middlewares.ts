import type { MiddlewareRoute } from "@medusajs/framework/http"
import { withdrawLinksBeforeEditConfirm } from "./withdraw-links-on-edit"

export const adminEditConfirmRoutesMiddlewares: MiddlewareRoute[] = [
  // An edit withdraws the order's live admin links (Medusa's own routes)
  {
    method: ["POST"],
    matcher: "/admin/order-edits/:id/confirm",
    middlewares: [withdrawLinksBeforeEditConfirm],
  },
  {
    method: ["POST"],
    matcher: "/admin/draft-orders/:id/edit/confirm",
    middlewares: [withdrawLinksBeforeEditConfirm],
  },
]
