import { authenticate, type MiddlewareRoute } from "@medusajs/framework/http"
import { createSelectParams } from "@medusajs/medusa/api/utils/validators"
import { validateStoreBody, validateStoreQuery } from "../../utils/validation"
import {
  StoreApplyBenefitBody,
  StoreApplyBenefitFieldCodes,
  StorePaymentLinkBody,
  StorePaymentLinkFieldCodes,
} from "./validators"
import { cartBenefitQueryConfig } from "./query-config"

export const storeCartRoutesMiddlewares: MiddlewareRoute[] = [
  // Payment links
  {
    method: ["POST"],
    matcher: "/store/carts/:id/payment-link",
    middlewares: [
      authenticate("customer", ["session", "bearer"], {
        allowUnauthenticated: true,
      }),
      validateStoreBody(StorePaymentLinkBody, StorePaymentLinkFieldCodes),
    ],
  },
  // Loyalty benefits
  {
    method: ["GET", "POST", "DELETE"],
    matcher: "/store/carts/:id/benefits",
    middlewares: [
      validateStoreQuery(createSelectParams(), cartBenefitQueryConfig),
    ],
  },
  {
    method: ["POST"],
    matcher: "/store/carts/:id/benefits",
    middlewares: [
      validateStoreBody(StoreApplyBenefitBody, StoreApplyBenefitFieldCodes),
    ],
  },
]
