import type { MiddlewareRoute } from "@medusajs/framework/http"
import {
  validateAndTransformBody,
  validateAndTransformQuery,
} from "../../../utils/validation"
import {
  AdminApplyReconciliationBody,
  AdminCreateReconciliationBody,
  AdminGetReconciliationQuery,
  AdminListReconciliationBadRowsQuery,
  AdminListReconciliationEntriesQuery,
  AdminListReconciliationsQuery,
  AdminReconciliationUploadQuery,
} from "./validators"
import {
  listBadRowsQueryConfig,
  listEntriesQueryConfig,
  listReconciliationsQueryConfig,
  retrieveReconciliationQueryConfig,
} from "./query-config"

const answersReconciliation = validateAndTransformQuery(
  AdminGetReconciliationQuery,
  retrieveReconciliationQueryConfig
)

export const adminReconciliationRoutesMiddlewares: MiddlewareRoute[] = [
  {
    method: ["POST"],
    matcher: "/admin/paylink/reconciliations/uploads",
    // The file is the body, streamed to the File module by the route: never parsed, never whole in memory.
    bodyParser: false,
    middlewares: [
      validateAndTransformQuery(AdminReconciliationUploadQuery, {}),
    ],
  },
  {
    method: ["POST"],
    matcher: "/admin/paylink/reconciliations",
    middlewares: [
      validateAndTransformBody(AdminCreateReconciliationBody),
      answersReconciliation,
    ],
  },
  {
    method: ["GET"],
    matcher: "/admin/paylink/reconciliations",
    middlewares: [
      validateAndTransformQuery(
        AdminListReconciliationsQuery,
        listReconciliationsQueryConfig
      ),
    ],
  },
  {
    method: ["GET"],
    matcher: "/admin/paylink/reconciliations/:id",
    middlewares: [answersReconciliation],
  },
  {
    method: ["POST"],
    matcher: "/admin/paylink/reconciliations/:id/apply",
    middlewares: [
      validateAndTransformBody(AdminApplyReconciliationBody),
      answersReconciliation,
    ],
  },
  {
    method: ["GET"],
    matcher: "/admin/paylink/reconciliations/:id/entries",
    middlewares: [
      validateAndTransformQuery(
        AdminListReconciliationEntriesQuery,
        listEntriesQueryConfig
      ),
    ],
  },
  {
    method: ["GET"],
    matcher: "/admin/paylink/reconciliations/:id/bad-rows",
    middlewares: [
      validateAndTransformQuery(
        AdminListReconciliationBadRowsQuery,
        listBadRowsQueryConfig
      ),
    ],
  },
]
