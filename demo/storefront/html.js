"use strict"
/** The page frame and small helpers: escaping, money, the header with the language switch. */
const esc = (v) =>
  String(v ?? "").replace(
    /[&<>"']/g,
    (c) =>
      ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[
        c
      ]
  )

/** Medusa 2 amounts are in major units (100 = Q 100.00). */
function money(amount, currency, lang) {
  const n = Number(amount ?? 0)
  const code = String(currency || "gtq").toUpperCase()
  if (code === "GTQ")
    return `Q ${n.toLocaleString(lang === "en" ? "en-US" : "es-GT", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
  return `US$ ${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
}

const CSS = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,sans-serif;color:#1f2933;background:#f7f7f5}
header{background:#12355b;color:#fff;padding:12px 24px;display:flex;gap:24px;align-items:center}
header a{color:#fff;text-decoration:none}header .brand{font-weight:700;font-size:20px;margin-right:auto}
header .switch a{opacity:.7;margin-left:8px}header .switch a.on{opacity:1;font-weight:700;text-decoration:underline}
main{max-width:980px;margin:24px auto;padding:0 16px}
.grid{display:grid;grid-template-columns:repeat(3,1fr);gap:16px}
.card{background:#fff;border-radius:8px;box-shadow:0 1px 3px #0002;padding:12px}
.card img{width:100%;border-radius:6px;display:block}
.price{font-weight:700;color:#12355b}
button,.btn{background:#12355b;color:#fff;border:0;border-radius:6px;padding:10px 16px;font-size:15px;cursor:pointer;text-decoration:none;display:inline-block}
button.secondary{background:#e4e7eb;color:#1f2933}
table{width:100%;border-collapse:collapse}td,th{padding:8px;border-bottom:1px solid #e4e7eb;text-align:left}
td.num,th.num{text-align:right}
label{display:block;margin:8px 0 4px;font-size:14px}input,select{width:100%;padding:8px;border:1px solid #cbd2d9;border-radius:6px;font-size:15px}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.notice{background:#fff4e5;border:1px solid #f0b429;padding:10px 14px;border-radius:6px;margin:12px 0}
.ok{background:#e3f9e5;border:1px solid #57ae5b;padding:10px 14px;border-radius:6px;margin:12px 0}
.error{background:#ffe3e3;border:1px solid #e12d39;padding:10px 14px;border-radius:6px;margin:12px 0}
.steps{display:flex;gap:12px;margin-bottom:12px;color:#7b8794}.steps .on{color:#12355b;font-weight:700}
.radio{display:flex;gap:8px;align-items:center;padding:10px;border:1px solid #e4e7eb;border-radius:6px;margin:6px 0;background:#fff}
.radio input{width:auto}.radio .icon{color:#12355b;display:inline-flex}.radio.unavailable{opacity:.6}.radio small{color:#52606d}
section{margin:18px 0}
.loyalty-form>div{margin:8px 0}fieldset.choices{border:0;padding:0;margin:8px 0;min-width:0}fieldset.choices legend{font-size:14px;padding:0;margin:8px 0 4px}
.radio>span{min-width:0;overflow-wrap:anywhere}input[aria-invalid=true]{border-color:#e12d39;box-shadow:0 0 0 1px #e12d39}
`

function page({ t, lang, title, body, cartCount = 0, currency }) {
  const sw = (l, label) =>
    `<a class="${l === lang ? "on" : ""}" href="?lang=${l}" data-lang="${l}">${label}</a>`
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)} · ${esc(t.shop)}</title><style>${CSS}</style></head><body>
<header><a class="brand" href="/">${esc(t.shop)}</a>
<span>${esc(t.region)}: <a href="/region/gtq" data-region="gtq">${currency === "usd" ? "GTQ" : "<b>GTQ</b>"}</a> · <a href="/region/usd" data-region="usd">${currency === "usd" ? "<b>USD</b>" : "USD"}</a></span>
<a href="/cart" id="cart-link">${esc(t.cart)} (${cartCount})</a>
<span class="switch">${sw("es", "ES")}${sw("en", "EN")}</span></header>
<main>${body}</main></body></html>`
}

module.exports = { esc, money, page }
