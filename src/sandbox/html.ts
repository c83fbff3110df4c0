/**
 * HTML building blocks for the hosted pages. Every value printed goes through `escapeHtml`:
 * descriptions, names and addresses all come from the merchant's request.
 */
const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
}

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c])
}

/** Marks text as already-safe HTML so `page` does not escape it twice. */
export type Html = { readonly html: string }

export const raw = (html: string): Html => ({ html })

export type PageOptions = {
  /** The tab's title (default "Sandbox checkout", the hosted pages'). */
  title?: string
  /** Room for tables (the front page); the hosted pages stay a narrow column. */
  wide?: boolean
  /** The page's language (default "en"). */
  lang?: "es" | "en"
  /** An inline script, already safe; the caller's Content-Security-Policy must allow it (by hash). */
  script?: string
}

const BANNER = {
  en: {
    text: "Payment-link sandbox: a local emulator. No money moves.",
    all: "All sandbox checkouts",
  },
  es: {
    text: "Sandbox de enlaces de pago: un emulador local. No se mueve dinero.",
    all: "Todos los cobros del sandbox",
  },
}

export function page(
  heading: string,
  body: Html,
  {
    title = "Sandbox checkout",
    wide = false,
    lang = "en",
    script,
  }: PageOptions = {}
): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 36rem; margin: 2rem auto; padding: 0 1rem; color: #1f2933; }
.banner { background: #fff4d6; border: 1px solid #e8c66a; padding: .5rem .75rem; border-radius: 4px; font-size: .9rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .35rem 1rem; }
dt { font-weight: 600; }
dd { margin: 0; }
form { display: inline-block; margin-right: .5rem; }
button { font-size: 1rem; padding: .5rem 1.25rem; border-radius: 4px; border: 1px solid #52606d; cursor: pointer; }
#pay { background: #1f7a4d; color: #fff; border-color: #1f7a4d; }
table { border-collapse: collapse; margin: .5rem 0 1rem; }
td, th { border-bottom: 1px solid #d9e2ec; padding: .25rem .5rem; text-align: left; }
body.wide { max-width: 72rem; }
body.wide table { width: 100%; font-size: .9rem; }
body.wide form { display: block; margin: .5rem 0 1rem; }
body.wide form.inline { display: inline-block; margin: 0 0 0 .5rem; }
/* The checkouts' last cell: its button on its own line, never wrapped, so the column is as wide as the button. */
body.wide td.actions { white-space: nowrap; }
body.wide td.actions form.inline { display: block; margin: .35rem 0 0; }
body.wide button { font-size: .9rem; padding: .35rem 1rem; }
fieldset { border: 1px solid #d9e2ec; border-radius: 4px; margin: 0 0 .5rem; }
label { margin-right: 1rem; white-space: nowrap; }
input[type=number] { width: 6rem; }
.muted { color: #52606d; }
.problems { background: #fde8e8; border: 1px solid #d64545; padding: .5rem .75rem; border-radius: 4px; }
.state-paid { color: #1f7a4d; font-weight: 600; }
.state-canceled, .state-expired { color: #52606d; }
.state-open { color: #1f2933; font-weight: 600; }
</style>${script ? `\n<script>${script}</script>` : ""}
</head>
<body${wide ? ' class="wide"' : ""}>
<p class="banner">${BANNER[lang].text}${wide ? "" : ` <a href="/">${BANNER[lang].all}</a>`}</p>
<h1>${escapeHtml(heading)}</h1>
${body.html}
</body>
</html>
`
}

export function definitionList(
  rows: Array<[string, string | null | undefined]>
): Html {
  const items = rows
    .filter(
      (row): row is [string, string] =>
        row[1] !== null && row[1] !== undefined && row[1] !== ""
    )
    .map(
      ([term, value]) =>
        `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`
    )
  return raw(`<dl>\n${items.join("\n")}\n</dl>`)
}

export function paragraph(text: string): Html {
  return raw(`<p>${escapeHtml(text)}</p>`)
}

export function join(...parts: Html[]): Html {
  return raw(parts.map((p) => p.html).join("\n"))
}
