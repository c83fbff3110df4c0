/**
 * The sandbox's own address in a browser: the checkouts so far with their hosted Pay / Cancel links,
 * the discounts granted, and the fault switches as plain forms (no script). Every value is escaped:
 * it comes from whoever called the API.
 */
import { ENDPOINTS, type EndpointName } from "../lib/paylink/endpoints"
import type { PendingFault } from "./faults"
import { exportSection } from "./front-page-export"
import { GATEWAY_LABEL } from "./hosted-page"
import { escapeHtml, join, page, paragraph, raw, type Html } from "./html"
import {
  FAULT_MODES,
  type FaultCounts,
  type FaultMode,
  type RandomFaults,
  type SandboxCheckout,
  type SandboxDiscount,
} from "./types"
import type { FieldError } from "./validation"

/** Where the forms post (under the control API's prefix, so never recorded as API calls). */
export const FORMS_PREFIX = "/__sandbox/forms"

/** Enough to find the one just made; the control API lists them all. */
export const MAX_CHECKOUTS_SHOWN = 50

export type FrontPageView = {
  /** The service's {base_url}, as the providers should be given it. */
  apiUrl: string
  checkouts: readonly SandboxCheckout[]
  discounts: readonly SandboxDiscount[]
  pending: readonly PendingFault[]
  random: Required<RandomFaults> | null
  injected: FaultCounts
  now: Date
  /** Why the form just posted was refused (field and rule); nothing was changed. */
  problems: readonly FieldError[]
}

const MODE_MEANING: Record<FaultMode, string> = {
  "500": "500: the service fails",
  "401": "401: the token is refused",
  hang: "hang: no answer at all",
  malformed: "malformed: a cut-off 201 body",
  late: "late: carried out, answered 3 s later",
}

const ENDPOINT_NAMES = Object.keys(ENDPOINTS) as EndpointName[]

export function renderFrontPage(view: FrontPageView): string {
  const body = join(
    paragraph(
      `The service's API is at ${view.apiUrl}: give it to the providers as baseUrl, with the sandbox's tokens. ` +
        "Every checkout made there is listed below; Open shows its hosted page, whose Pay and Cancel send the customer back to the store. " +
        "Pay, never return pays it as a customer who closes the tab before the redirect: the store is never told. " +
        "Charge next period bills a paid subscription again, one period after its previous charge, as the gateway does without telling anyone: only the export shows it. " +
        "The sandbox does not make you wait a period: a charge asked for early is dated now; a reconciliation refuses a row dated in the future."
    ),
    problems(view.problems),
    raw("<h2>Checkouts</h2>"),
    checkoutsTable(view),
    exportSection(),
    raw("<h2>Discounts granted</h2>"),
    discountsTable(view.discounts),
    raw("<h2>Faults</h2>"),
    paragraph(
      "Make the service's next calls fail, to see what the store does: queued faults are used first, one call each; random faults then hit a share of the calls."
    ),
    queuedFaults(view.pending),
    randomFaults(view.random),
    injectedTable(view.injected),
    raw("<h2>Start over</h2>"),
    form(
      "reset",
      raw(
        '<span class="muted">Forgets every checkout, discount, recorded call and fault.</span> <button type="submit">Reset the sandbox</button>'
      )
    )
  )
  return page("Payment-link sandbox", body, {
    title: "Payment-link sandbox",
    wide: true,
  })
}

function problems(list: readonly FieldError[]): Html {
  if (!list.length) return raw("")
  const items = list
    .map((p) => `<li>${escapeHtml(`${p.path}: ${p.message}`)}</li>`)
    .join("")
  return raw(
    `<div class="problems" role="alert"><p>Nothing was changed:</p><ul>${items}</ul></div>`
  )
}

const isExpired = (c: SandboxCheckout, now: Date) =>
  c.state === "open" && now.getTime() >= Date.parse(c.expiresAt)

/** ISO time, readable: "2025-05-01 11:50:00 UTC". */
const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`

function checkoutsTable(view: FrontPageView): Html {
  if (!view.checkouts.length) {
    return paragraph(
      `No checkouts yet. Pay for a cart in the store (or call a gateway's endpoint at ${view.apiUrl}) and reload this page.`
    )
  }
  const newest = [...view.checkouts].sort(
    (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)
  )
  const shown = newest.slice(0, MAX_CHECKOUTS_SHOWN)
  const rows = shown.map((c) => {
    const state = isExpired(c, view.now) ? "expired" : c.state
    const { billing } = c.request
    const cells = [
      when(c.createdAt),
      GATEWAY_LABEL[c.endpoint],
      String(c.request.number),
      c.request.description,
      `${c.amount} ${c.currency}`,
      `${billing.name} ${billing.surname}`,
    ].map((v) => `<td>${escapeHtml(v)}</td>`)
    const late = c.answeredLate
      ? ' <span class="muted">(answered late)</span>'
      : ""
    const id = escapeHtml(encodeURIComponent(c.id))
    // The customer who pays and closes the tab: paid at the gateway, and the store never told.
    const tabClosed =
      state === "open"
        ? ` <form method="post" action="${FORMS_PREFIX}/checkouts/${id}/pay-without-return" class="inline"><button type="submit">Pay, never return</button></form>`
        : ""
    return (
      `<tr>${cells.join("")}<td class="state-${state}">${escapeHtml(state)}</td>` +
      `<td class="actions"><a href="/hosted/${id}">Open</a>${late}${tabClosed}${renewal(c, id)}</td></tr>`
    )
  })
  const left = newest.length - shown.length
  const note =
    left > 0
      ? paragraph(
          `${left} older checkout${left === 1 ? " is" : "s are"} not shown (GET /__sandbox/checkouts lists them all).`
        )
      : raw("")
  return join(
    raw(
      `<table>\n<tr><th>Created</th><th>Gateway</th><th>Number</th><th>Description</th><th>Amount</th><th>Customer</th><th>State</th><th>Hosted page</th></tr>\n${rows.join("\n")}\n</table>`
    ),
    note
  )
}

/**
 * A paid subscription's "Charge next period" (the gateway bills it again and tells nobody), with how
 * many times it was, so a click shows on the page it comes back to. `id` is already escaped.
 */
function renewal(c: SandboxCheckout, id: string): string {
  if (c.endpoint !== "gatewayASubscription" || c.state !== "paid") return ""
  const n = c.renewals.length
  const done = n
    ? ` <span class="muted">(renewed ${n} time${n === 1 ? "" : "s"})</span>`
    : ""
  return `${done} <form method="post" action="${FORMS_PREFIX}/checkouts/${id}/charge-next-period" class="inline"><button type="submit">Charge next period</button></form>`
}

function discountsTable(discounts: readonly SandboxDiscount[]): Html {
  if (!discounts.length)
    return paragraph(
      "None yet. A loyalty card applied at checkout asks the benefits program for one."
    )
  const rows = [...discounts].reverse().map((d) => {
    const cells = [
      when(d.at),
      `•••• ${d.cardLast4}`,
      d.discount,
      d.total,
      d.authorization,
      d.answeredLate ? "answered late" : "",
    ]
    return `<tr>${cells.map((v) => `<td>${escapeHtml(v)}</td>`).join("")}</tr>`
  })
  return raw(
    `<table>\n<tr><th>Granted</th><th>Card</th><th>Discount (GTQ)</th><th>Total (GTQ)</th><th>Authorization</th><th></th></tr>\n${rows.join("\n")}\n</table>`
  )
}

function form(action: string, content: Html): Html {
  return raw(
    `<form method="post" action="${FORMS_PREFIX}/${action}">${content.html}</form>`
  )
}

const endpointText = (name: EndpointName) =>
  `${ENDPOINTS[name].label} (${name})`

function options(
  values: readonly string[],
  text: (v: string) => string,
  selected?: string
): string {
  return values
    .map(
      (v) =>
        `<option value="${escapeHtml(v)}"${v === selected ? " selected" : ""}>${escapeHtml(text(v))}</option>`
    )
    .join("")
}

function checkboxes(
  name: string,
  values: readonly string[],
  text: (v: string) => string,
  checked: readonly string[] = []
): string {
  return values
    .map(
      (v) =>
        `<label><input type="checkbox" name="${name}" value="${escapeHtml(v)}"${checked.includes(v) ? " checked" : ""}> ${escapeHtml(text(v))}</label>`
    )
    .join(" ")
}

function queuedFaults(pending: readonly PendingFault[]): Html {
  const list = pending.length
    ? `<ul>${pending.map((f) => `<li>${escapeHtml(`${f.remaining} × ${f.mode} on ${f.endpoint ?? "any endpoint"}`)}</li>`).join("")}</ul>`
    : '<p class="muted">None queued.</p>'
  return join(
    raw(`<h3>Queued faults</h3>${list}`),
    form(
      "fail",
      raw(
        `<label>Next <input type="number" name="count" min="1" value="1" required> calls</label>` +
          `<label>to <select name="endpoint"><option value="">any endpoint</option>${options(ENDPOINT_NAMES, (v) => endpointText(v as EndpointName))}</select></label>` +
          `<label>fail with <select name="mode">${options(FAULT_MODES, (v) => MODE_MEANING[v as FaultMode])}</select></label>` +
          `<button type="submit">Queue</button>`
      )
    )
  )
}

function randomFaults(policy: Required<RandomFaults> | null): Html {
  const state = policy
    ? join(
        paragraph(
          `On: ${Math.round(policy.share * 1000) / 10}% of calls to ${policy.endpoints?.length ? policy.endpoints.join(", ") : "any endpoint"} fail with ${policy.modes.join(", ")} (seed ${policy.seed}).`
        ),
        form(
          "random/stop",
          raw('<button type="submit">Stop random faults</button>')
        )
      )
    : raw('<p class="muted">Off.</p>')
  return join(
    raw("<h3>Random faults</h3>"),
    state,
    form(
      "random",
      raw(
        `<fieldset><legend>Share of calls</legend><label><input type="number" name="share" min="0" max="1" step="0.01" value="${escapeHtml(policy?.share ?? 0.1)}" required> (0 to 1)</label>` +
          `<label>seed <input type="number" name="seed" step="1" value="${escapeHtml(policy?.seed ?? "")}" placeholder="1"></label></fieldset>` +
          `<fieldset><legend>Modes (at least one)</legend>${checkboxes("modes", FAULT_MODES, (v) => MODE_MEANING[v as FaultMode], policy?.modes ?? ["500"])}</fieldset>` +
          `<fieldset><legend>Endpoints (none ticked: any)</legend>${checkboxes("endpoints", ENDPOINT_NAMES, (v) => endpointText(v as EndpointName), policy?.endpoints ?? [])}</fieldset>` +
          `<button type="submit">${policy ? "Change random faults" : "Start random faults"}</button>`
      )
    )
  )
}

function injectedTable(injected: FaultCounts): Html {
  const rows = Object.entries(injected).flatMap(([endpoint, modes]) =>
    Object.entries(modes ?? {}).map(
      ([mode, count]) =>
        `<tr><td>${escapeHtml(endpoint)}</td><td>${escapeHtml(mode)}</td><td>${escapeHtml(count)}</td></tr>`
    )
  )
  if (!rows.length)
    return raw('<h3>Injected so far</h3><p class="muted">None.</p>')
  return raw(
    `<h3>Injected so far</h3>\n<table>\n<tr><th>Endpoint</th><th>Mode</th><th>Calls</th></tr>\n${rows.join("\n")}\n</table>`
  )
}
