// The docs check's slugs and link reading, against anchors GitHub gives these headings.
const { test } = require("node:test")
const assert = require("node:assert/strict")
const { anchorsOf, linksOf } = require("./check-docs")

const slugsOf = (heading) => [...anchorsOf(`## ${heading}\n`)]

test("headings slug as GitHub slugs them", () => {
  const cases = {
    "2. Install into a Medusa 2.21 app": "2-install-into-a-medusa-221-app",
    "2.1 Addresses": "21-addresses",
    "9. Gaps and the plugin's reading": "9-gaps-and-the-plugins-reading",
    "In the admin: Settings → Payment links":
      "in-the-admin-settings--payment-links",
    "Subscription extras (`providers/gateway-a-subscription`)":
      "subscription-extras-providersgateway-a-subscription",
    "The storefront entry (`medusa-plugin-paylink/storefront`)":
      "the-storefront-entry-medusa-plugin-paylinkstorefront",
    "Medusa's Next.js storefront (dtc-starter)":
      "medusas-nextjs-storefront-dtc-starter",
    "`reconciliationApplied`": "reconciliationapplied",
    "Cómo funciona un enlace de pago": "cómo-funciona-un-enlace-de-pago",
    "Requiere atención": "requiere-atención",
    "5.4 Gateway A `options` (endpoint 1 only)":
      "54-gateway-a-options-endpoint-1-only",
    "The record's state machine": "the-records-state-machine",
    "A [linked](other.md#x) heading": "a-linked-heading",
    "snake_case and _emphasis_ and **bold**":
      "snake_case-and-emphasis-and-bold",
    "Soak under faults (`npm run soak`)": "soak-under-faults-npm-run-soak",
  }
  for (const [heading, slug] of Object.entries(cases))
    assert.deepEqual(slugsOf(heading), [slug], heading)
})

test("a repeated heading gets -1, -2, as GitHub numbers them", () => {
  const anchors = anchorsOf(
    "# Storefront\n\n## Storefront\n\n### Storefront\n\n## Storefront 1\n"
  )
  assert.deepEqual(
    [...anchors],
    ["storefront", "storefront-1", "storefront-2", "storefront-1-1"]
  )
})

test("headings and links inside code blocks do not count; explicit ids do", () => {
  const page =
    '```md\n# Not a heading\n[x](missing.md)\n```\n\n<a id="kept"></a>\n\nSetext\n======\n'
  assert.deepEqual([...anchorsOf(page)], ["kept", "setext"])
  assert.deepEqual(linksOf(page), [])
})

test("relative links are read from Markdown, images, references and HTML; code spans and absolute URLs are not", () => {
  const page = [
    "See [install](install.md#options) and ![shot](images/a.png).",
    '`[not](a-link.md)` and [web](https://example.com) and <a href="x.md">x</a>',
    "[ref]: ../CONTRIBUTING.md#ci-layer-times",
  ].join("\n")
  assert.deepEqual(
    linksOf(page).map((l) => `${l.number}:${l.target}`),
    [
      "1:install.md#options",
      "1:images/a.png",
      "2:x.md",
      "3:../CONTRIBUTING.md#ci-layer-times",
    ]
  )
})
