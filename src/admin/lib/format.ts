/** How the plugin's admin writes amounts and times (es-GT currency, the browser's locale for times). */

export function formatAmount(c: { amount: number; currency_code: string }) {
  return new Intl.NumberFormat("es-GT", { style: "currency", currency: c.currency_code }).format(c.amount)
}

/** A GTQ amount (loyalty benefits are in GTQ). */
export function formatGtq(amount: number) {
  return formatAmount({ amount, currency_code: "GTQ" })
}

export function formatDate(iso: string | null) {
  return iso ? new Date(iso).toLocaleString() : "—"
}
