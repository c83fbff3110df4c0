/**
 * Where the gateway sends the customer's browser back. Outside /store on purpose: a browser
 * redirect carries no publishable key. Only a link signed with the plugin's secret and unexpired
 * is acted on; a paid return always ends in the order or in a record the merchant settles, and
 * the customer always gets a page in their language with a way back to the store.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { verifyReturn, type ReturnClaims, type ReturnLinkProblem } from "../../../../lib/return-link"
import { toCents } from "../../../../lib/money"
import { storefrontHome } from "../../../../lib/plugin-options"
import { PAYLINK_MODULE } from "../../../../modules/paylink"
import type PaylinkModuleService from "../../../../modules/paylink/service"
import { completePaylinkReturnWorkflow } from "../../../../workflows/complete-paylink-return"
import { cancelPaylinkReturnWorkflow } from "../../../../workflows/cancel-paylink-return"
import { fillTemplate, redirectNoStore, sendReturnPage, type PageKind } from "../page"

const PROBLEM_STATUS: Record<ReturnLinkProblem, number> = { malformed: 400, bad_signature: 403, expired: 410 }

const ERROR_PAGES: Record<string, [number, PageKind]> = {
  [MedusaError.Types.NOT_FOUND]: [404, "not_found"],
  [MedusaError.Types.NOT_ALLOWED]: [409, "mismatch"],
}

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const paylink = req.scope.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  const options = paylink.getPluginOptions()
  const home = storefrontHome(options)
  const verified = verifyReturn(options.secret, { ...req.query, session: req.params.session_id })
  // A genuine success link that expired still means the customer paid: the merchant is told.
  const expiredPayment = !verified.ok && verified.problem === "expired" && verified.claims.outcome === "success"
  if (!verified.ok && !expiredPayment) {
    return sendReturnPage(req, res, PROBLEM_STATUS[verified.problem], verified.problem, null, home)
  }
  const claims = (verified as { claims: ReturnClaims }).claims
  const input = {
    session: claims.session,
    cents: claims.cents.toString(),
    currency: claims.currency,
    outcome: claims.outcome,
    expired: expiredPayment,
  }
  const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)

  try {
    if (claims.outcome === "cancel") {
      const { result } = await cancelPaylinkReturnWorkflow(req.scope).run({ input })
      const template = result.redirect ?? options.paymentStepUrl
      if (template && result.cart_id) {
        return redirectNoStore(res, fillTemplate(template, { cart_id: result.cart_id, number: result.number }))
      }
      return sendReturnPage(req, res, 200, "canceled", result.number, home)
    }
    const { result } = await completePaylinkReturnWorkflow(req.scope).run({ input })
    if (!result.order_id) {
      logger.warn(`paylink: link ${result.number} needs the merchant's attention: ${result.attention_reason}`)
      return sendReturnPage(req, res, 200, "received", result.number, home)
    }
    const template = result.redirect ?? options.orderConfirmedUrl
    if (template) {
      return redirectNoStore(res, fillTemplate(template, { order_id: result.order_id, cart_id: result.cart_id, number: result.number }))
    }
    return sendReturnPage(req, res, 200, "placed", result.number, home)
  } catch (error) {
    // Workflow errors may arrive as plain copies, not Error instances.
    const type = (error as { type?: string })?.type ?? ""
    const given = (error as { message?: unknown })?.message
    const message = typeof given === "string" ? given : "unknown error"
    logger.warn(`paylink: ${claims.outcome} return for session ${claims.session} failed: ${message}`)
    const [record] = await paylink.listPaylinkCheckouts({ payment_session_id: claims.session }).catch(() => [])
    if (record && claims.outcome === "success" && toCents(record.amount) === claims.cents) {
      // Whatever failed, the customer paid this link: it must reach the merchant.
      const { record: after } = await paylink
        .tryTransition(record.id, "needs_attention", { attention_reason: `Link ${record.number} was paid, but its return failed: ${message}` })
        .catch(() => ({ record }))
      if (after.status === "needs_attention" || after.status === "completed") {
        return sendReturnPage(req, res, 200, "received", record.number, home)
      }
    }
    const [status, kind] = ERROR_PAGES[type] ?? [500, "error" as const]
    return sendReturnPage(req, res, status, kind, record?.number ?? null, home)
  }
}
