/**
 * Where the gateway sends the customer's browser back (outside /store: a redirect carries no
 * publishable key). One workflow verifies the signed address and acts on it; the customer always
 * gets a page in their language (docs/architecture.md#what-a-return-proves).
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import { storefrontHome } from "../../../../lib/boot/plugin-options"
import { echo } from "../../../../lib/common/echo"
import { PAYLINK_MODULE } from "../../../../modules/paylink"
import type PaylinkModuleService from "../../../../modules/paylink/services/paylink-module"
import { handlePaylinkReturnWorkflow } from "../../../../workflows/paylink/workflows/handle-paylink-return"
import {
  requestLanguage,
  sendReturnPage,
  type Lang,
  type PageKind,
} from "../page"
import { safeLandingTarget, sendLandingPage } from "../landing"

const ERROR_PAGES: Record<string, [number, PageKind]> = {
  [MedusaError.Types.NOT_FOUND]: [404, "not_found"],
  [MedusaError.Types.NOT_ALLOWED]: [409, "mismatch"],
}

/**
 * The shopper's language signed into a genuine address (late ones too: their page still speaks to
 * that shopper); else, for an address made before it was signed or one that fails verification,
 * the browser's Accept-Language. The workflow verifies the address again before acting on it.
 */
function pageLanguage(paylink: PaylinkModuleService, req: MedusaRequest): Lang {
  const verified = paylink.verifyReturnLink({
    ...(req.query as Record<string, unknown>),
    session: req.params.session_id,
  })
  const signed = "claims" in verified ? verified.claims.lang : undefined
  return signed ?? requestLanguage(req)
}

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const paylink = req.scope.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  const home = storefrontHome(paylink.getPluginOptions())
  const lang = pageLanguage(paylink, req)
  const { result: answer, errors } = await handlePaylinkReturnWorkflow(
    req.scope
  ).run({
    input: {
      session_id: req.params.session_id,
      query: req.query,
      lang,
    },
    throwOnError: false,
  })
  // Workflow errors may arrive as plain copies, not Error instances. Details go to the log only.
  let error = errors[0]?.error as
    { type?: string; message?: string } | undefined
  if (!error) {
    if (answer.kind === "page") {
      return sendReturnPage(
        req,
        res,
        answer.status,
        answer.page,
        answer.number,
        home,
        lang
      )
    }
    // A page of this site sends the browser on, not a redirect (SameSite cookies: ../landing.ts).
    const target = safeLandingTarget(answer.location)
    if (target) {
      return sendLandingPage(req, res, target, lang)
    }
    error = { message: "the storefront address is not an absolute http(s) URL" }
  }
  req.scope
    .resolve(ContainerRegistrationKeys.LOGGER)
    .warn(
      `paylink: return for session ${echo(req.params.session_id)} failed: ${error.message}`
    )
  const [record] = await paylink.listPaylinkCheckouts(
    { payment_session_id: req.params.session_id },
    { select: ["number"] }
  )
  const [status, kind] = ERROR_PAGES[error.type ?? ""] ?? [
    500,
    "error" as const,
  ]
  return sendReturnPage(
    req,
    res,
    status,
    kind,
    record?.number ?? null,
    home,
    lang
  )
}
