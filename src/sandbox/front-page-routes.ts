/**
 * The front page's routes: GET / renders it, and its forms post here (urlencoded, as a browser
 * sends them), are checked by the control API's own schemas, and answer 303 back to the page, or
 * 400 with the page and the refused fields. Nothing here is recorded as an API call.
 */
import express, { type Request, type Response } from "express"
import { failSchema, randomSchema } from "./control-routes"
import type { FaultQueue } from "./faults"
import { FORMS_PREFIX, renderFrontPage } from "./front-page"
import { page, paragraph } from "./html"
import { recordPayment, settleRefusal } from "./payments"
import { nextRenewal, recordRenewal, renewalRefusal } from "./renewals"
import type { SandboxStore } from "./store"
import { issuesToErrors, type FieldError } from "./validation"

type FrontPageContext = {
  store: SandboxStore
  faults: FaultQueue
  reset: () => void
  now: () => Date
  /** Known once the sandbox listens. */
  apiUrl: () => string
}

const HEADERS = {
  "Cache-Control": "no-store",
  // No scripts; the forms post to this page's own origin only.
  "Content-Security-Policy":
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
}

type FormBody = Record<string, string | string[] | undefined>

const one = (v: string | string[] | undefined) =>
  Array.isArray(v) ? v[v.length - 1] : v
const many = (v: string | string[] | undefined) =>
  v === undefined ? [] : Array.isArray(v) ? v : [v]
/** A form's number field: empty is "not given"; anything else is Number()'d and left to the schema. */
const numberOf = (v: string | string[] | undefined) => {
  const text = one(v)?.trim()
  return text ? Number(text) : undefined
}

export function frontPageRouter(ctx: FrontPageContext): express.Router {
  const router = express.Router({ strict: true, caseSensitive: true })

  const render = (
    res: Response,
    status: number,
    problems: FieldError[] = []
  ) => {
    res
      .status(status)
      .set(HEADERS)
      .type("html")
      .send(
        renderFrontPage({
          apiUrl: ctx.apiUrl(),
          checkouts: [...ctx.store.checkouts.values()],
          discounts: ctx.store.discounts,
          pending: ctx.faults.list(),
          random: ctx.faults.randomPolicy(),
          injected: ctx.faults.injected(),
          now: ctx.now(),
          problems,
        })
      )
  }
  const back = (res: Response) => res.redirect(303, "/")

  router.get("/", (_req, res) => render(res, 200))

  const forms = express.Router({ strict: true, caseSensitive: true })
  forms.use(refuseOtherSites)
  forms.use(express.urlencoded({ extended: false, limit: "16kb" }))

  forms.post("/fail", (req, res) => {
    const body = (req.body ?? {}) as FormBody
    const input = {
      count: numberOf(body.count),
      mode: one(body.mode),
      endpoint: one(body.endpoint) || undefined,
    }
    const parsed = failSchema.safeParse(input)
    if (!parsed.success)
      return render(res, 400, issuesToErrors(parsed.error, input))
    ctx.faults.add(parsed.data.count, parsed.data.mode, parsed.data.endpoint)
    back(res)
  })

  forms.post("/random", (req, res) => {
    const body = (req.body ?? {}) as FormBody
    const endpoints = many(body.endpoints)
    const input = {
      share: numberOf(body.share),
      modes: many(body.modes),
      endpoints: endpoints.length ? endpoints : null,
      seed: numberOf(body.seed),
    }
    const parsed = randomSchema.safeParse(input)
    if (!parsed.success)
      return render(res, 400, issuesToErrors(parsed.error, input))
    ctx.faults.setRandom(parsed.data)
    back(res)
  })

  forms.post("/random/stop", (_req, res) => {
    ctx.faults.setRandom(null)
    back(res)
  })

  // The checkouts table's "Pay, never return": the control API's pay-without-return, then back to
  // the page (never to the store: that is the point). One no longer payable answers the page with why.
  forms.post("/checkouts/:id/pay-without-return", (req, res) => {
    const checkout = ctx.store.checkouts.get(req.params.id)
    if (!checkout)
      return render(res, 404, [
        {
          path: "checkout",
          message: `no checkout ${req.params.id} (the sandbox may have been reset)`,
        },
      ])
    const refusal = settleRefusal(checkout, ctx.now())
    if (refusal)
      return render(res, refusal.status, [
        { path: "checkout", message: refusal.message },
      ])
    recordPayment(ctx.store, checkout, ctx.now())
    back(res)
  })

  // A paid subscription's "Charge next period": the control API's charge-next-period at the link's
  // amount, one period on (now, when that is still to come), then back to the page. One that cannot
  // be charged answers the page with why.
  forms.post("/checkouts/:id/charge-next-period", (req, res) => {
    const checkout = ctx.store.checkouts.get(req.params.id)
    if (!checkout)
      return render(res, 404, [
        {
          path: "checkout",
          message: `no checkout ${req.params.id} (the sandbox may have been reset)`,
        },
      ])
    const refusal = renewalRefusal(checkout)
    if (refusal)
      return render(res, 409, [{ path: "checkout", message: refusal }])
    const next = nextRenewal(checkout, {}, ctx.now())
    if (next.problems) return render(res, 400, next.problems)
    recordRenewal(ctx.store, checkout, next)
    back(res)
  })

  forms.post("/reset", (_req, res) => {
    ctx.reset()
    back(res)
  })

  router.use(FORMS_PREFIX, forms)
  return router
}

/**
 * A browser sends forms cross-site without asking (unlike the control API's JSON): a page elsewhere
 * must not switch faults on in a developer's sandbox. Browsers send Origin on every POST; a client
 * without one (curl) is a person at this machine.
 */
function refuseOtherSites(req: Request, res: Response, next: () => void) {
  const origin = req.get("origin")
  if (origin === undefined) return next()
  let host: string | null = null
  try {
    host = new URL(origin).host
  } catch {
    host = null
  }
  if (host !== null && host === req.get("host")) return next()
  res
    .status(403)
    .set(HEADERS)
    .type("html")
    .send(
      page(
        "Refused",
        paragraph(
          "This form was posted from another site. Open the sandbox's own page and use its forms."
        ),
        { title: "Payment-link sandbox" }
      )
    )
}
