/**
 * The hosted payment page a checkout's `url` points at. The real gateways run the payment flow
 * on their own pages and send the browser back to `successUrl` or `cancelUrl`; this page lets a
 * developer (or a browser-driving test) take either path with one click.
 */
import { createHash } from "node:crypto"
import express, { type Request, type Response } from "express"
import { GATEWAY_DEFINITIONS } from "../lib/paylink/gateways"
import {
  alreadyPaidTexts,
  isExpired,
  recordPayment,
  settleRefusal,
  type CustomerLang,
} from "./payments"
import type { SandboxStore } from "./store"
import type { SandboxCheckout } from "./types"
import {
  definitionList,
  escapeHtml,
  join,
  page,
  paragraph,
  raw,
  type Html,
} from "./html"

export const HOSTED_PREFIX = "/hosted"

type HostedContext = { store: SandboxStore; now: () => Date }

/** "Gateway B"; "Gateway A (single payment)" beside "Gateway A (subscription)". */
export const GATEWAY_LABEL = Object.fromEntries(
  GATEWAY_DEFINITIONS.map((d) => {
    const shared = GATEWAY_DEFINITIONS.some(
      (o) => o !== d && o.pathKey === d.pathKey
    )
    return [
      d.endpoint,
      `Gateway ${d.letter}${d.recurring ? " (subscription)" : shared ? " (single payment)" : ""}`,
    ]
  })
) as Record<SandboxCheckout["endpoint"], string>

export function hostedRouter(ctx: HostedContext): express.Router {
  // Strict: the form actions are relative to the page, which only holds without a trailing slash.
  const router = express.Router({ strict: true, caseSensitive: true })

  router.get("/:id", (req, res) => {
    const checkout = ctx.store.checkouts.get(req.params.id)
    if (!checkout) return notFound(res)
    // A paid checkout's page is never payable again, however the browser comes back to it.
    if (checkout.state === "paid")
      return sendAlreadyPaid(req, res, 200, checkout)
    sendPage(
      res,
      200,
      "Sandbox checkout",
      join(details(checkout, ctx.now()), actions(checkout, ctx.now()))
    )
  })

  router.post("/:id/pay", (req, res) => {
    const checkout = ctx.store.checkouts.get(req.params.id)
    if (!checkout) return notFound(res)
    if (refuseSettled(req, res, checkout, ctx.now())) return
    recordPayment(ctx.store, checkout, ctx.now())
    const target = checkout.request.redirection?.successUrl
    if (target) return res.redirect(303, target)
    sendPage(
      res,
      200,
      "Payment completed",
      paragraph(
        "The payment was completed. The merchant gave no return address (redirection.successUrl), so there is nowhere to send you back to."
      )
    )
  })

  router.post("/:id/cancel", (req, res) => {
    const checkout = ctx.store.checkouts.get(req.params.id)
    if (!checkout) return notFound(res)
    if (refuseSettled(req, res, checkout, ctx.now())) return
    ctx.store.settleCheckout(checkout.id, "canceled", ctx.now())
    const target = cancelUrlOf(checkout)
    if (target) return res.redirect(303, target)
    sendPage(
      res,
      200,
      "Payment canceled",
      paragraph(
        "The payment was canceled. The merchant gave no cancel address (redirection.cancelUrl exists on gateway A and subscriptions only), so there is nowhere to send you back to."
      )
    )
  })

  router.use((_req, res) => notFound(res))
  return router
}

/** The strict request schemas admit `cancelUrl` only on the gateways that have one (A and the subscription). */
function cancelUrlOf(checkout: SandboxCheckout): string | undefined {
  return (checkout.request.redirection as { cancelUrl?: string } | undefined)
    ?.cancelUrl
}

/** The successUrl the merchant gave (gateways A and B): where the store takes the customer back. */
function storeAddressOf(checkout: SandboxCheckout): string | undefined {
  return (checkout.request.redirection as { successUrl?: string } | undefined)
    ?.successUrl
}

/** The browser's first choice of the customer pages' languages (English without a header). */
function customerLang(req: Request): CustomerLang {
  return req.acceptsLanguages("en", "es") === "es" ? "es" : "en"
}

/** Answers the refusal page when the checkout can no longer be settled (payments.ts decides). */
function refuseSettled(
  req: Request,
  res: Response,
  checkout: SandboxCheckout,
  now: Date
): boolean {
  const refusal = settleRefusal(checkout, now)
  if (refusal?.status === 409 && checkout.state === "paid") {
    sendAlreadyPaid(req, res, 409, checkout)
  } else if (refusal) {
    sendPage(res, refusal.status, refusal.heading, paragraph(refusal.message))
  }
  return refusal !== null
}

/** It is paid, nothing to do, and (when the merchant gave one) the way back to the store. */
function sendAlreadyPaid(
  req: Request,
  res: Response,
  status: number,
  checkout: SandboxCheckout
): void {
  const lang = customerLang(req)
  const t = alreadyPaidTexts(checkout, lang)
  const store = storeAddressOf(checkout)
  const link = store
    ? raw(
        `<p><a id="back-to-store" href="${escapeHtml(store)}">${escapeHtml(t.back)}</a></p>`
      )
    : raw("")
  res.set("Content-Language", lang)
  sendPage(res, status, t.heading, join(paragraph(t.message), link), lang)
}

function details(checkout: SandboxCheckout, now: Date): Html {
  const { billing } = checkout.request
  const rows: Array<[string, string | undefined]> = [
    ["Gateway", GATEWAY_LABEL[checkout.endpoint]],
    ["Amount", `${checkout.amount} ${checkout.currency}`],
    ["Description", checkout.request.description],
    ["Order number", String(checkout.request.number)],
  ]
  let extra: Html = raw("")
  switch (checkout.endpoint) {
    case "gatewayASingle": {
      const options = checkout.request.options
      const counts = options?.installments?.split(",").filter(Boolean)
      rows.push([
        "Installments",
        counts?.length ? counts.join(", ") : "not offered",
      ])
      rows.push([
        "Bank transfer",
        options?.allowTransfer ? "accepted" : "not accepted",
      ])
      break
    }
    case "gatewayASubscription": {
      const count = checkout.request.count ?? 1
      const interval = checkout.request.interval ?? "month"
      rows.push([
        "Billed",
        `every ${count} ${interval}${count === 1 ? "" : "s"}`,
      ])
      if (checkout.request.correlative !== undefined)
        rows.push(["Correlative", String(checkout.request.correlative)])
      break
    }
    case "gatewayB":
      if (checkout.request.order) extra = orderTable(checkout.request.order)
      break
    default:
      break
  }
  rows.push([
    "Customer",
    `${billing.name} ${billing.surname} <${billing.email}>`,
  ])
  rows.push(["Checkout", checkout.id])
  rows.push(["Expires", checkout.expiresAt])
  rows.push([
    "State",
    checkout.state === "open" && isExpired(checkout, now)
      ? "expired"
      : checkout.state,
  ])
  return join(definitionList(rows), extra)
}

function orderTable(
  order: Array<{ reference: string; name: string; qty: number; price: number }>
): Html {
  const lines = order.map(
    (item) =>
      `<tr><td>${escapeHtml(item.reference)}</td><td>${escapeHtml(item.name)}</td><td>${escapeHtml(item.qty)}</td><td>${escapeHtml(item.price)}</td></tr>`
  )
  return raw(
    `<table>\n<tr><th>Reference</th><th>Item</th><th>Qty</th><th>Price</th></tr>\n${lines.join("\n")}\n</table>`
  )
}

function actions(checkout: SandboxCheckout, now: Date): Html {
  if (checkout.state !== "open" || isExpired(checkout, now)) {
    return paragraph("This checkout can no longer be paid or canceled.")
  }
  const id = encodeURIComponent(checkout.id)
  return raw(
    `<form method="post" action="${escapeHtml(id)}/pay"><button id="pay" type="submit">Pay</button></form>\n` +
      `<form method="post" action="${escapeHtml(id)}/cancel"><button id="cancel" type="submit">Cancel</button></form>`
  )
}

function notFound(res: Response): void {
  sendPage(
    res,
    404,
    "Checkout not found",
    paragraph(
      "No checkout with this id exists in the sandbox (it may have been reset)."
    )
  )
}

/**
 * Back to a page the browser kept whole (the back/forward cache may keep even a no-store page)
 * shows it as it was, Pay button and all: such a page loads itself again, from the sandbox, which
 * answers with what the checkout is now.
 */
const RELOAD_WHEN_RESTORED =
  'addEventListener("pageshow",function(e){if(e.persisted)location.reload()})'
const RELOAD_SCRIPT_HASH = `'sha256-${createHash("sha256").update(RELOAD_WHEN_RESTORED).digest("base64")}'`

function sendPage(
  res: Response,
  status: number,
  heading: string,
  body: Html,
  lang: CustomerLang = "en"
): void {
  res
    .status(status)
    .set({
      // Never kept: Back asks the sandbox again, which knows whether the checkout was paid.
      "Cache-Control": "no-store",
      // One script, the reload above, allowed by its hash; form-action is left open because Pay
      // and Cancel redirect off-site.
      "Content-Security-Policy": `default-src 'none'; style-src 'unsafe-inline'; script-src ${RELOAD_SCRIPT_HASH}`,
    })
    .type("html")
    .send(page(heading, body, { lang, script: RELOAD_WHEN_RESTORED }))
}
