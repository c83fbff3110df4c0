/**
 * The few HTML pages the return route shows itself: when a link is bad, or when the store has no
 * storefront address configured to send the customer to.
 */
import type { MedusaResponse } from "@medusajs/framework/http"

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!)

export function sendReturnPage(res: MedusaResponse, status: number, title: string, message: string) {
  res
    .status(status)
    .set({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" })
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
        `<title>${escape(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#111}` +
        `h1{font-size:1.4rem}</style></head><body><h1>${escape(title)}</h1><p>${escape(message)}</p></body></html>`
    )
}

/** Fills {order_id}, {cart_id} and {number} in a storefront address template. */
export function fillTemplate(template: string, values: Record<string, string | number | null | undefined>): string {
  return template.replace(/\{(order_id|cart_id|number)\}/g, (_, key: string) => encodeURIComponent(String(values[key] ?? "")))
}

/** No-store redirect: a return address must not be cached by the browser or a proxy. */
export function redirectNoStore(res: MedusaResponse, location: string) {
  res.set({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" }).redirect(303, location)
}
