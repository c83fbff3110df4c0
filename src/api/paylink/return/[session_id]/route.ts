/**
 * Where the gateway sends the customer's browser back. Outside /store on purpose: a browser
 * redirect carries no publishable key. One workflow verifies the signed address and acts on it;
 * the customer always gets a page in their language with a way back to the store, or a redirect.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { storefrontHome } from "../../../../lib/plugin-options"
import { echo } from "../../../../lib/echo"
import { PAYLINK_MODULE } from "../../../../modules/paylink"
import type PaylinkModuleService from "../../../../modules/paylink/service"
import { handlePaylinkReturnWorkflow } from "../../../../workflows/handle-paylink-return"
import { redirectNoStore, sendReturnPage, type PageKind } from "../page"

const ERROR_PAGES: Record<string, [number, PageKind]> = {
  [MedusaError.Types.NOT_FOUND]: [404, "not_found"],
  [MedusaError.Types.NOT_ALLOWED]: [409, "mismatch"],
}

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const paylink = req.scope.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  const home = storefrontHome(paylink.getPluginOptions())
  const { result: answer, errors } = await handlePaylinkReturnWorkflow(req.scope).run({
    input: { session_id: req.params.session_id, query: req.query },
    throwOnError: false,
  })
  if (!errors.length) {
    return answer.kind === "redirect"
      ? redirectNoStore(res, answer.location)
      : sendReturnPage(req, res, answer.status, answer.page, answer.number, home)
  }
  // Workflow errors may arrive as plain copies, not Error instances. Details go to the log only.
  const error = errors[0].error as { type?: string; message?: string }
  req.scope.resolve(ContainerRegistrationKeys.LOGGER).warn(`paylink: return for session ${echo(req.params.session_id)} failed: ${error?.message}`)
  const [record] = await paylink.listPaylinkCheckouts({ payment_session_id: req.params.session_id }, { select: ["number"] })
  const [status, kind] = ERROR_PAGES[error?.type ?? ""] ?? [500, "error" as const]
  return sendReturnPage(req, res, status, kind, record?.number ?? null, home)
}
