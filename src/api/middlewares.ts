import { authenticate, defineMiddlewares } from "@medusajs/framework/http"
// Medusa's validators, with what a refusal quotes of the request cut short.
import { validateAndTransformBody, validateAndTransformQuery, validateStoreBody, validateStoreQuery } from "./utils/validation"
import { redactReturnLinkInLogs } from "./paylink/return/redact-request-url"
import { createSelectParams } from "@medusajs/medusa/api/utils/validators"
import { StoreApplyBenefitBody, StoreApplyBenefitFieldCodes, StorePaymentLinkBody, StorePaymentLinkFieldCodes } from "./store/carts/validators"
import { CART_BENEFIT_ALLOWED_FIELDS, CART_BENEFIT_FIELDS } from "./store/carts/[id]/benefits/helpers"
import { createPaylinkSessionOnCoreRoute } from "./store/payment-collections/create-paylink-session"
import { withdrawLinksBeforeEditConfirm } from "./admin/withdraw-links-on-edit"
import {
  AdminCheckGatewayBody,
  AdminConfirmCheckoutBody,
  AdminCreateOrderPaymentLinkBody,
  AdminGatewaySettingsBody,
  AdminSendPaymentLinkBody,
  AdminGetCheckoutQuery,
  AdminListCheckoutsQuery,
  AdminMarkRefundedBody,
  AdminPlaceOrderBody,
} from "./admin/paylink/validators"
import { listCheckoutsQueryConfig, retrieveCheckoutQueryConfig } from "./admin/paylink/query-config"
import { AdminProductSubscriptionBody } from "./admin/paylink/products/validators"
import {
  AdminBenefitSettingsBody,
  AdminCreateBenefitRule,
  AdminGetBenefitQuery,
  AdminListBenefitRulesQuery,
  AdminListRedemptionsQuery,
  AdminUpdateBenefitRule,
} from "./admin/benefits/validators"
import {
  listRedemptionsQueryConfig,
  listRulesQueryConfig,
  retrieveRedemptionQueryConfig,
  retrieveRuleQueryConfig,
} from "./admin/benefits/query-config"

/**
 * The cart as /store/carts/:id/benefits answers it; `fields` may ask for more, within the fields
 * Medusa's cart route allows (any other is dropped, never answered).
 */
const cartBenefitQueryConfig = { defaults: CART_BENEFIT_FIELDS, allowed: CART_BENEFIT_ALLOWED_FIELDS, isList: false }

export default defineMiddlewares({
  routes: [
    // Return addresses: no `sig` in Medusa's request log (every method, every path below it).
    {
      matcher: "/paylink/return",
      middlewares: [redactReturnLinkInLogs],
    },
    // Payment links
    {
      method: ["POST"],
      matcher: "/store/carts/:id/payment-link",
      middlewares: [
        authenticate("customer", ["session", "bearer"], { allowUnauthenticated: true }),
        validateStoreBody(StorePaymentLinkBody, StorePaymentLinkFieldCodes),
      ],
    },
    // The one core route the plugin stands in front of (a documented exception, see the handler's comment).
    {
      method: ["POST"],
      matcher: "/store/payment-collections/:id/payment-sessions",
      middlewares: [createPaylinkSessionOnCoreRoute],
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
    {
      method: ["POST"],
      matcher: "/admin/paylink/checkouts/:id/place-order",
      middlewares: [validateAndTransformBody(AdminPlaceOrderBody), validateAndTransformQuery(AdminGetCheckoutQuery, retrieveCheckoutQueryConfig)],
    },
    {
      method: ["POST"],
      matcher: "/admin/paylink/checkouts/:id/mark-refunded",
      middlewares: [validateAndTransformBody(AdminMarkRefundedBody), validateAndTransformQuery(AdminGetCheckoutQuery, retrieveCheckoutQueryConfig)],
    },
    // Pay by link from the admin (orders with a balance, draft orders)
    {
      method: ["POST"],
      matcher: "/admin/paylink/orders/:id/payment-links",
      middlewares: [validateAndTransformBody(AdminCreateOrderPaymentLinkBody), validateAndTransformQuery(AdminGetCheckoutQuery, retrieveCheckoutQueryConfig)],
    },
    {
      method: ["POST"],
      matcher: "/admin/paylink/checkouts/:id/send",
      middlewares: [validateAndTransformBody(AdminSendPaymentLinkBody), validateAndTransformQuery(AdminGetCheckoutQuery, retrieveCheckoutQueryConfig)],
    },
    // Which goods the subscription provider may charge
    {
      method: ["POST"],
      matcher: "/admin/paylink/products/:id/subscription",
      middlewares: [validateAndTransformBody(AdminProductSubscriptionBody)],
    },
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
    // Loyalty benefits
    {
      method: ["GET", "POST", "DELETE"],
      matcher: "/store/carts/:id/benefits",
      middlewares: [validateStoreQuery(createSelectParams(), cartBenefitQueryConfig)],
    },
    {
      method: ["POST"],
      matcher: "/store/carts/:id/benefits",
      middlewares: [validateStoreBody(StoreApplyBenefitBody, StoreApplyBenefitFieldCodes)],
    },
    // Gateway credentials set in the admin
    {
      method: ["POST"],
      matcher: "/admin/paylink/gateways/:gateway",
      middlewares: [validateAndTransformBody(AdminGatewaySettingsBody)],
    },
    {
      method: ["POST"],
      matcher: "/admin/paylink/gateways/:gateway/check",
      middlewares: [validateAndTransformBody(AdminCheckGatewayBody)],
    },
    {
      method: ["POST"],
      matcher: "/admin/benefits/settings",
      middlewares: [validateAndTransformBody(AdminBenefitSettingsBody)],
    },
    {
      method: ["GET"],
      matcher: "/admin/benefits/rules",
      middlewares: [validateAndTransformQuery(AdminListBenefitRulesQuery, listRulesQueryConfig)],
    },
    {
      method: ["POST"],
      matcher: "/admin/benefits/rules",
      middlewares: [validateAndTransformBody(AdminCreateBenefitRule), validateAndTransformQuery(AdminGetBenefitQuery, retrieveRuleQueryConfig)],
    },
    {
      method: ["GET"],
      matcher: "/admin/benefits/rules/:id",
      middlewares: [validateAndTransformQuery(AdminGetBenefitQuery, retrieveRuleQueryConfig)],
    },
    {
      method: ["POST"],
      matcher: "/admin/benefits/rules/:id",
      middlewares: [validateAndTransformBody(AdminUpdateBenefitRule), validateAndTransformQuery(AdminGetBenefitQuery, retrieveRuleQueryConfig)],
    },
    {
      method: ["GET"],
      matcher: "/admin/benefits/redemptions",
      middlewares: [validateAndTransformQuery(AdminListRedemptionsQuery, listRedemptionsQueryConfig)],
    },
    {
      method: ["GET"],
      matcher: "/admin/benefits/redemptions/:id",
      middlewares: [validateAndTransformQuery(AdminGetBenefitQuery, retrieveRedemptionQueryConfig)],
    },
  ],
})
