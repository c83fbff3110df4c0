/**
 * The front page's "Transactions export" section: each gateway's dashboard export (the file a
 * merchant reconciles the store against), as links and as a plain GET form for a period. No script:
 * the browser downloads the file the dashboard route answers.
 */
import { GATEWAY_PATHS } from "../lib/paylink/gateways"
import { exportPath } from "./dashboard-routes"
import { escapeHtml, join, paragraph, raw, type Html } from "./html"

/** "Gateway A (single payments and subscriptions)": A's products share its dashboard. */
const GATEWAY_EXPORT_LABEL: Record<string, string> = {
  gatewayA: "Gateway A (single payments and subscriptions)",
}

const label = (key: string, letter: string) =>
  GATEWAY_EXPORT_LABEL[key] ?? `Gateway ${letter}`

export function exportSection(): Html {
  const rows = GATEWAY_PATHS.map(
    (p) =>
      `<tr><td>${escapeHtml(label(p.key, p.letter))}</td>` +
      `<td><a href="${escapeHtml(exportPath(p.key))}" download>Export transactions (CSV)</a></td>` +
      `<td><a href="${escapeHtml(exportPath(p.key, "?formato=latin1"))}" download>Latin-1</a></td></tr>`
  )
  return join(
    raw("<h2>Transactions export</h2>"),
    paragraph(
      "What each gateway's dashboard gives the merchant: one row per checkout made on it (Pagado, Cancelado, Pendiente, Expirado) and one per later charge of a subscription, " +
        "semicolon-separated, dates in Guatemala time. Upload it in the admin's Payment links → Reconcile."
    ),
    raw(
      `<table>\n<tr><th>Gateway</th><th>UTF-8</th><th>Windows (Latin-1)</th></tr>\n${rows.join("\n")}\n</table>`
    ),
    // One form for every gateway: without script a select cannot change the address, so each
    // gateway's button carries its own (formaction).
    raw(
      `<form method="get" action="${escapeHtml(exportPath(GATEWAY_PATHS[0].key))}" class="period">` +
        `<label>from <input name="desde" placeholder="dd/mm/yyyy" pattern="\\d{2}/\\d{2}/\\d{4}" size="10"></label>` +
        `<label>to <input name="hasta" placeholder="dd/mm/yyyy" pattern="\\d{2}/\\d{2}/\\d{4}" size="10"></label>` +
        `<label><input type="checkbox" name="formato" value="latin1"> Latin-1</label>` +
        GATEWAY_PATHS.map(
          (p) =>
            `<button type="submit" formaction="${escapeHtml(exportPath(p.key))}">Export ${escapeHtml(`gateway ${p.letter}`)} for the period</button>`
        ).join(" ") +
        "</form>"
    )
  )
}
