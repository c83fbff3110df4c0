/**
 * The default message of "Send to customer": the notification carries the template id and its data
 * for providers with their own templates, and this content for those that send what they are given.
 */
export type PaymentLinkMessageData = {
  url: string
  number: number
  /** "175.00" */
  amount: string
  /** Upper-case. */
  currency_code: string
  order_display_id: number | string
  is_draft_order: boolean
  customer_name: string | null
  expires_at: string | null
}

export const PAYMENT_LINK_TEMPLATE = "paylink-payment-link"

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) =>
      ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[
        c
      ]!
  )

export function paymentLinkMessage(
  language: "es" | "en",
  d: PaymentLinkMessageData
) {
  const amount = `${d.currency_code} ${d.amount}`
  const until = d.expires_at
    ? new Date(d.expires_at).toISOString().slice(0, 10)
    : null
  const es = language === "es"
  const subject = es
    ? `Enlace de pago de su pedido #${d.order_display_id}`
    : `Payment link for your order #${d.order_display_id}`
  const lines = es
    ? [
        d.customer_name ? `Hola, ${d.customer_name}:` : "Hola:",
        `Puede pagar ${amount} de su pedido #${d.order_display_id} en este enlace seguro:`,
        d.url,
        until ? `El enlace vence el ${until}.` : null,
        `Número de enlace de pago: ${d.number}.`,
      ]
    : [
        d.customer_name ? `Hello ${d.customer_name},` : "Hello,",
        `You can pay ${amount} for your order #${d.order_display_id} at this secure link:`,
        d.url,
        until ? `The link expires on ${until}.` : null,
        `Payment link number: ${d.number}.`,
      ]
  const text = lines.filter(Boolean).join("\n\n")
  const html = lines
    .filter((l): l is string => !!l)
    .map((l) =>
      l === d.url
        ? `<p><a href="${escapeHtml(d.url)}">${escapeHtml(es ? "Pagar ahora" : "Pay now")}</a></p>`
        : `<p>${escapeHtml(l)}</p>`
    )
    .join("\n")
  return { subject, text, html }
}
