/**
 * Where the gateway sends the customer's browser back. Outside /store on purpose: a browser
 * redirect carries no publishable key. Only a link signed with the plugin's secret, unexpired and
 * matching its checkout record, can complete a cart; anything else gets an error page and
 * changes nothing.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { verifyReturn, type ReturnLinkProblem } from "../../../../lib/return-link"
import { PAYLINK_MODULE } from "../../../../modules/paylink"
import type PaylinkModuleService from "../../../../modules/paylink/service"
import { completePaylinkReturnWorkflow } from "../../../../workflows/complete-paylink-return"
import { cancelPaylinkReturnWorkflow } from "../../../../workflows/cancel-paylink-return"
import { fillTemplate, redirectNoStore, sendReturnPage } from "../page"

const PROBLEM_PAGES: Record<ReturnLinkProblem, [number, string]> = {
  malformed: [400, "This return link is incomplete or malformed."],
  bad_signature: [403, "This return link is not valid for this store."],
  expired: [410, "This return link has expired. If you paid, contact the store with your payment reference."],
}

const STATUS_BY_TYPE: Record<string, number> = {
  [MedusaError.Types.NOT_FOUND]: 404,
  [MedusaError.Types.NOT_ALLOWED]: 409,
  [MedusaError.Types.INVALID_DATA]: 400,
}

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const paylink = req.scope.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  const options = paylink.getPluginOptions()
  const verified = verifyReturn(options.secret, { ...req.query, session: req.params.session_id })
  if (!verified.ok) {
    const [status, message] = PROBLEM_PAGES[verified.problem]
    return sendReturnPage(res, status, "Payment link not accepted", message)
  }
  const { claims } = verified
  const input = {
    session: claims.session,
    cents: claims.cents.toString(),
    currency: claims.currency,
    outcome: claims.outcome,
  }

  try {
    if (claims.outcome === "cancel") {
      const { result } = await cancelPaylinkReturnWorkflow(req.scope).run({ input })
      const template = result.redirect ?? options.paymentStepUrl
      if (template && result.cart_id) {
        return redirectNoStore(res, fillTemplate(template, { cart_id: result.cart_id, number: result.number }))
      }
      return sendReturnPage(res, 200, "Payment canceled", `Payment link ${result.number} was canceled. You can return to the store and choose another way to pay.`)
    }
    const { result } = await completePaylinkReturnWorkflow(req.scope).run({ input })
    const template = result.redirect ?? options.orderConfirmedUrl
    if (template) {
      return redirectNoStore(res, fillTemplate(template, { order_id: result.order_id, cart_id: result.cart_id, number: result.number }))
    }
    return sendReturnPage(res, 200, "Thank you", `Your order was placed (payment link ${result.number}).`)
  } catch (error) {
    const type = (error as { type?: string })?.type ?? ""
    // Workflow errors may arrive as plain copies, not Error instances.
    const given = (error as { message?: unknown })?.message
    const message = typeof given === "string" && given ? given : "The return could not be processed."
    req.scope.resolve("logger").warn(`paylink: return for session ${claims.session} failed: ${message}`)
    return sendReturnPage(res, STATUS_BY_TYPE[type] ?? 500, "We could not complete your order", message)
  }
}
