/**
 * The landing page between the return route and the storefront: a new navigation from the backend's
 * own site, so the storefront's `SameSite=Strict` cart and login cookies are sent
 * (docs/architecture.md#the-landing-page-and-samesite-cookies).
 */
import { createHash } from "node:crypto"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { escape, PAGE_STYLE, sendCustomerPage, type Lang } from "./page"

export const LANDING_SCRIPT = `location.replace(document.getElementById("continue").href)`

export const LANDING_CSP = [
  "default-src 'none'",
  `script-src 'sha256-${createHash("sha256").update(LANDING_SCRIPT).digest("base64")}'`,
  "style-src 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ")

const COPY: Record<Lang, { title: string; body: string; link: string }> = {
  es: {
    title: "Volviendo a la tienda",
    body: "Un momento, lo llevamos de vuelta a la tienda.",
    link: "Continuar a la tienda",
  },
  en: {
    title: "Returning to the store",
    body: "One moment, we are taking you back to the store.",
    link: "Continue to the store",
  },
}

/** The address as an absolute http(s) URL, else null: nothing else may be navigated to. */
export function safeLandingTarget(target: string): string | null {
  try {
    const url = new URL(target)
    return url.protocol === "https:" || url.protocol === "http:" ? target : null
  } catch {
    return null
  }
}

export function renderLandingPage(lang: Lang, target: string): string {
  const copy = COPY[lang]
  const href = escape(target)
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">` +
    `<noscript><meta http-equiv="refresh" content="0;url=${href}"></noscript>` +
    `<title>${escape(copy.title)}</title><style>${PAGE_STYLE}</style></head><body><main>` +
    `<h1>${escape(copy.title)}</h1><p>${escape(copy.body)}</p>` +
    `<p><a id="continue" class="back" href="${href}">${escape(copy.link)}</a></p>` +
    `</main><script>${LANDING_SCRIPT}</script></body></html>`
  )
}

const UNESCAPE: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
}

/** The storefront address a landing page goes to, or null when the HTML is not one (for tests and tools). */
export function readLandingTarget(html: string): string | null {
  const href = /<a id="continue" class="back" href="([^"]*)">/.exec(html)?.[1]
  return href === undefined
    ? null
    : href.replace(/&(amp|lt|gt|quot|#39);/g, (e) => UNESCAPE[e])
}

/** 200, never cached, in the customer's language, with the CSP of its one script. */
export function sendLandingPage(
  req: MedusaRequest,
  res: MedusaResponse,
  target: string,
  lang?: Lang
) {
  sendCustomerPage(
    req,
    res,
    200,
    (l) => renderLandingPage(l, target),
    { "Content-Security-Policy": LANDING_CSP },
    lang
  )
}
