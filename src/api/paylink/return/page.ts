/**
 * The pages the return route shows itself, in the customer's language: a bad or expired link, a
 * payment the store must settle by hand, or the outcome when there is no storefront address. Ids and
 * internal errors go to the log, never to the page.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { languageOf, type Lang } from "../../../lib/common/language"

export { languageOf, type Lang }

export type PageKind =
  | "placed"
  | "canceled"
  | "order_paid"
  | "order_link_canceled"
  | "received"
  | "malformed"
  | "bad_signature"
  | "expired"
  | "not_found"
  | "mismatch"
  | "error"

type Copy = { title: string; body: (number: string | null) => string }

const ref = (lang: Lang, number: string | null) =>
  number
    ? lang === "es"
      ? ` Su número de enlace de pago es ${number}.`
      : ` Your payment link number is ${number}.`
    : ""

const COPY: Record<
  Lang,
  Record<PageKind, Copy> & { back: string; lang: string }
> = {
  es: {
    lang: "es",
    back: "Volver a la tienda",
    placed: {
      title: "¡Gracias por su compra!",
      body: (n) => `Su pedido fue registrado.${ref("es", n)}`,
    },
    canceled: {
      title: "Pago cancelado",
      body: (n) =>
        `No se realizó ningún cobro. Puede volver a la tienda y elegir otra forma de pago.${ref("es", n)}`,
    },
    order_paid: {
      title: "¡Gracias por su pago!",
      body: (n) => `Su pago quedó registrado en su pedido.${ref("es", n)}`,
    },
    order_link_canceled: {
      title: "Pago cancelado",
      body: (n) =>
        `No se realizó ningún cobro. Si desea pagar, pídale a la tienda un nuevo enlace de pago.${ref("es", n)}`,
    },
    received: {
      title: "Recibimos su pago",
      body: (n) =>
        `No pudimos completar su pedido automáticamente. La tienda se pondrá en contacto con usted para terminarlo o devolverle el dinero; conserve este número.${ref("es", n)}`,
    },
    malformed: {
      title: "Enlace no válido",
      body: () => "Este enlace de regreso está incompleto o dañado.",
    },
    bad_signature: {
      title: "Enlace no válido",
      body: () => "Este enlace de regreso no corresponde a esta tienda.",
    },
    expired: {
      title: "Enlace vencido",
      body: () =>
        "Este enlace de regreso ya venció. Si pagó, comuníquese con la tienda indicando la referencia de su pago.",
    },
    not_found: {
      title: "Enlace no encontrado",
      body: () => "No encontramos el pago al que corresponde este enlace.",
    },
    mismatch: {
      title: "Enlace no válido",
      body: (n) =>
        `Este regreso no corresponde al enlace de pago.${ref("es", n)}`,
    },
    error: {
      title: "No pudimos procesar su regreso",
      body: (n) =>
        `Ocurrió un error al procesar su regreso. Si pagó, la tienda lo verá; conserve este número.${ref("es", n)}`,
    },
  },
  en: {
    lang: "en",
    back: "Back to the store",
    placed: {
      title: "Thank you for your order!",
      body: (n) => `Your order was placed.${ref("en", n)}`,
    },
    canceled: {
      title: "Payment canceled",
      body: (n) =>
        `You were not charged. You can go back to the store and choose another way to pay.${ref("en", n)}`,
    },
    order_paid: {
      title: "Thank you for your payment!",
      body: (n) => `Your payment was recorded on your order.${ref("en", n)}`,
    },
    order_link_canceled: {
      title: "Payment canceled",
      body: (n) =>
        `You were not charged. If you want to pay, ask the store for a new payment link.${ref("en", n)}`,
    },
    received: {
      title: "We received your payment",
      body: (n) =>
        `We could not complete your order automatically. The store will contact you to finish it or refund you; please keep this number.${ref("en", n)}`,
    },
    malformed: {
      title: "Link not accepted",
      body: () => "This return link is incomplete or damaged.",
    },
    bad_signature: {
      title: "Link not accepted",
      body: () => "This return link is not valid for this store.",
    },
    expired: {
      title: "Link expired",
      body: () =>
        "This return link has expired. If you paid, contact the store with your payment reference.",
    },
    not_found: {
      title: "Link not found",
      body: () => "We could not find the payment this link belongs to.",
    },
    mismatch: {
      title: "Link not accepted",
      body: (n) =>
        `This return does not match its payment link.${ref("en", n)}`,
    },
    error: {
      title: "We could not process your return",
      body: (n) =>
        `Something went wrong while processing your return. If you paid, the store will see it; please keep this number.${ref("en", n)}`,
    },
  },
}

export function requestLanguage(req: MedusaRequest): Lang {
  return languageOf(
    req.get?.("accept-language") ??
      (req.headers?.["accept-language"] as string | undefined)
  )
}

export const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) =>
      ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[
        c
      ]!
  )

export const PAGE_STYLE =
  `body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f6f7f9;color:#111;margin:0}` +
  `main{max-width:32rem;margin:4rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.08)}` +
  `h1{font-size:1.4rem;margin:0 0 1rem}p{line-height:1.5}` +
  `a.back{display:inline-block;margin-top:1rem;padding:.6rem 1.1rem;background:#111;color:#fff;border-radius:8px;text-decoration:none}`

export function renderReturnPage(
  lang: Lang,
  kind: PageKind,
  number: string | number | null,
  storeUrl: string | null
): string {
  const copy = COPY[lang]
  const { title, body } = copy[kind]
  const n = number === null || number === undefined ? null : String(number)
  const back = storeUrl
    ? `<p><a class="back" href="${escape(storeUrl)}">${escape(copy.back)}</a></p>`
    : ""
  return (
    `<!doctype html><html lang="${copy.lang}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escape(title)}</title><style>${PAGE_STYLE}</style></head><body><main><h1>${escape(title)}</h1><p>${escape(body(n))}</p>${back}</main></body></html>`
  )
}

/**
 * A page of the return flow: never cached (its address names a cart or an order), and no referrer
 * (the return address carries its signature). `lang`: the language signed into the return address
 * (the shopper's at checkout); without one, the browser's Accept-Language.
 */
export function sendCustomerPage(
  req: MedusaRequest,
  res: MedusaResponse,
  status: number,
  render: (lang: Lang) => string,
  headers: Record<string, string> = {},
  lang: Lang = requestLanguage(req)
) {
  res
    .status(status)
    .set({
      "Content-Type": "text/html; charset=utf-8",
      "Content-Language": lang,
      Vary: "Accept-Language",
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
      ...headers,
    })
    .send(render(lang))
}

export function sendReturnPage(
  req: MedusaRequest,
  res: MedusaResponse,
  status: number,
  kind: PageKind,
  number: string | number | null,
  storeUrl: string | null,
  lang?: Lang
) {
  sendCustomerPage(
    req,
    res,
    status,
    (l) => renderReturnPage(l, kind, number, storeUrl),
    {},
    lang
  )
}
