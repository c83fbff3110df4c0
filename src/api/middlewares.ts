/**
 * The plugin's middlewares, one list per area. Medusa sorts routes by matcher before applying them,
 * so the areas' order does not matter; within an area, entries for one matcher run as written.
 */
import { defineMiddlewares } from "@medusajs/framework/http"
import { paylinkReturnRoutesMiddlewares } from "./paylink/return/middlewares"
import { storeCartRoutesMiddlewares } from "./store/carts/middlewares"
import { storePaymentCollectionRoutesMiddlewares } from "./store/payment-collections/middlewares"
import { adminPaylinkRoutesMiddlewares } from "./admin/paylink/middlewares"
import { adminReconciliationRoutesMiddlewares } from "./admin/paylink/reconciliations/middlewares"
import { adminBenefitRoutesMiddlewares } from "./admin/benefits/middlewares"
import { adminSubscriptionRoutesMiddlewares } from "./admin/paylink/subscriptions/middlewares"
import { adminEditConfirmRoutesMiddlewares } from "./admin/middlewares"

export default defineMiddlewares({
  routes: [
    ...paylinkReturnRoutesMiddlewares,
    ...storeCartRoutesMiddlewares,
    ...storePaymentCollectionRoutesMiddlewares,
    ...adminPaylinkRoutesMiddlewares,
    ...adminReconciliationRoutesMiddlewares,
    ...adminSubscriptionRoutesMiddlewares,
    ...adminEditConfirmRoutesMiddlewares,
    ...adminBenefitRoutesMiddlewares,
  ],
})
