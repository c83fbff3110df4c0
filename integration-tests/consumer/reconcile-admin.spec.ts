/**
 * Payment links → Reconcile as a merchant uses it, in headless Chromium on a 1280 px
 * screen: upload the sandbox's export of gateway A, map its columns (one select changed), read the
 * preview, start, watch the read's progress, read the groups, apply (the prompt says what will
 * change), and read what changed; then in Spanish the same file again (the mapping kept, nothing
 * left to apply), and the order page's "payment verified" line. No cell of a list ends past the
 * window. Screenshots go to docs/images/reconcile-*.png.
 * Run by run.js (`node integration-tests/consumer/run.js reconcile-admin`).
 */
import fs from "fs"
import path from "path"
import type { Page } from "playwright-core"
import { adminWithPassword } from "../helpers/admin"
import { paidStorefrontOrder } from "../helpers/orders"
import { PROVIDERS } from "../helpers/seed"
import { createCart, createPaymentLink } from "../helpers/storefront"
import { paylinkSuite, type PaylinkSuite } from "../helpers/suite"
import {
  cellsPastWindow,
  chromiumForSpec,
  FIRST_LOAD_MS,
  merchantSession,
  signIn,
  switchToSpanish,
  UI_MS,
  waitForToast,
} from "./dashboard"
import { consumerHost } from "./host"
import { uploadToReconcile } from "./reconcile-dialog"

const host = consumerHost("reconcile-admin.spec.ts")
const browser = chromiumForSpec()
const WIDTH = 1280
const IMAGES = path.resolve(__dirname, "../../docs/images")
/** Rows of other channels' payments appended to the export: enough for the read to take a few seconds. */
const OTHER_ROWS = 40_000

/** The window as the merchant sees it, kept in the repository's docs. */
async function docShot(page: Page, name: string) {
  await page.screenshot({
    path: path.join(IMAGES, `reconcile-${name}.png`),
    animations: "disabled",
  })
}

/** The export with `OTHER_ROWS` paid rows of links this store never made, a declined row and a row whose amount is text. */
function exportWithOtherRows(csv: Buffer): Buffer {
  const text = csv.toString("utf8").replace(/^\uFEFF/, "")
  const [header] = text.split(/\r?\n/, 1)
  const columns = header.split(";")
  const now = new Date(Date.now() - 6 * 3600_000)
  const when = `${String(now.getUTCDate()).padStart(2, "0")}/${String(now.getUTCMonth() + 1).padStart(2, "0")}/${now.getUTCFullYear()} 09:30`
  const row = (n: number, amount: string, status: string) =>
    columns
      .map((c) =>
        /enlace/i.test(c)
          ? String(n)
          : /transacci/i.test(c)
            ? `otro-canal-${n}`
            : /fecha/i.test(c)
              ? when
              : /monto/i.test(c)
                ? amount
                : /moneda/i.test(c)
                  ? "GTQ"
                  : /estado/i.test(c)
                    ? status
                    : ""
      )
      .join(";")
  const lines = [text.replace(/\s*$/, "")]
  for (let i = 0; i < OTHER_ROWS; i++)
    lines.push(row(900_000 + i, "Q 1,234.50", "Pagado"))
  lines.push(
    row(990_001, "Q 50.00", "Rechazado"),
    row(990_002, "Q diez", "Pagado")
  )
  return Buffer.from(`${lines.join("\r\n")}\r\n`, "utf8")
}

/** A storefront link on gateway A that the customer pays and never comes back from (at `amount`, or the link's own). */
async function paidNeverReturned(ctx: PaylinkSuite, amount?: number) {
  const cart = await createCart(
    ctx.api,
    ctx.seed.publishableKey,
    ctx.seed.gtqRegionId,
    [{ variant_id: ctx.seed.variantId, quantity: 1 }]
  )
  const link = (
    await createPaymentLink(
      ctx.api,
      ctx.seed.publishableKey,
      cart.id,
      PROVIDERS.gatewayA
    )
  ).data.payment_session.data
  ctx.sandbox.payWithoutReturn(
    link.checkout_id,
    amount === undefined ? {} : { amount }
  )
  return { number: link.number as number, amount: Number(link.amount) }
}

paylinkSuite(
  (ctx) => {
    it("upload → map → preview → start → progress → groups → apply, in English and in Spanish, at 1280 px", async () => {
      const orderId = await paidStorefrontOrder(ctx)
      const neverReturned = (await paidNeverReturned(ctx)).number
      // The gateway charged Q 90.00 for a link of another amount.
      const mismatch = await paidNeverReturned(ctx, 90)
      const file = exportWithOtherRows(ctx.sandbox.exportCsv("gatewayA"))
      const merchant = await adminWithPassword(
        ctx.getContainer(),
        "ana.reyes@example.com",
        "Concilia-2026-nov"
      )
      const { base, context, page, step } = await merchantSession(
        browser(),
        ctx.api,
        "reconcile-"
      )
      await page.setViewportSize({ width: WIDTH, height: 900 })
      fs.mkdirSync(IMAGES, { recursive: true })
      const modal = page.getByTestId("paylink-reconcile-modal")
      const groups = page.getByTestId("paylink-reconcile-groups")
      const count = async (group: string) =>
        Number(
          await groups
            .locator(`[data-group="${group}"]`)
            .getAttribute("data-count")
        )

      /** Payment links → Reconcile → New reconciliation → gateway A and the file → Upload. */
      const upload = async (
        name: string,
        words: { reconcile: string; gateway: string }
      ) => {
        await uploadToReconcile(page, {
          app: "/app",
          file: { name, mimeType: "text/csv", buffer: file },
          words,
          firstLoadMs: FIRST_LOAD_MS,
          uiMs: UI_MS,
        })
      }
      const reads = async () =>
        await modal
          .getByTestId("paylink-reconcile-preview-row")
          .evaluateAll((trs) =>
            trs.map((tr) => ({
              verdict: tr.getAttribute("data-verdict"),
              cells: Object.fromEntries(
                Array.from(tr.querySelectorAll("td[data-field]")).map((td) => [
                  td.getAttribute("data-field"),
                  td
                    .querySelector('[data-testid="paylink-reconcile-reads"]')
                    ?.textContent?.trim(),
                ])
              ),
            }))
          )

      try {
        await step("sign in", async () => {
          await signIn(page, context, base, merchant)
        })

        await step(
          "upload the export and map it: the guess, one select changed, the preview",
          async () => {
            await upload("transacciones-gatewayA.csv", {
              reconcile: "Reconcile",
              gateway: "Gateway A",
            })
            expect(
              await modal
                .getByTestId("paylink-reconcile-mapping-origin")
                .innerText()
            ).toBe("Guessed from the column names: check it")
            // The card column is optional: the merchant leaves it out; the preview stops reading it.
            expect((await reads())[0].cells).toHaveProperty("card_last4")
            await modal.getByTestId("paylink-reconcile-map-card_last4").click()
            await page.getByRole("option", { name: "—", exact: true }).click()
            const preview = await reads()
            expect(preview[0].cells).not.toHaveProperty("card_last4")
            // Amounts read to the cent, written as the rest of the admin writes them ("Q 76.50"), statuses as payments.
            const paid = preview.filter((r) => r.verdict === "payment")
            expect(paid.length).toBeGreaterThanOrEqual(3)
            for (const r of paid)
              expect(r.cells.amount).toMatch(/^Q\s[\d,]+\.\d{2}$/)
            expect(paid.map((r) => r.cells.status)).toEqual(
              paid.map(() => "Payment")
            )
            await docShot(page, "map-en")
          }
        )

        await step(
          "start: the page shows the read's progress, then the groups",
          async () => {
            await modal.getByTestId("paylink-reconcile-start").click()
            await page.waitForURL(
              /\/app\/payment-links\/reconciliations\/[^/]+$/,
              {
                timeout: UI_MS,
              }
            )
            // The reconciliation's own bar (the list's row, still on screen while the page loads, has one too).
            const bar = page
              .getByTestId("paylink-reconcile-header")
              .getByTestId("paylink-reconcile-progress")
            await bar.waitFor({ timeout: UI_MS })
            await page
              .getByTestId("paylink-reconcile-progress-text")
              .waitFor({ timeout: UI_MS })
            await docShot(page, "progress-en")
            await bar.waitFor({ state: "detached", timeout: 180_000 })
            await groups.waitFor({ timeout: UI_MS })
            // The "Reading …" toast goes when the read ends: it no longer says what is happening.
            await page
              .locator("[data-sonner-toast]")
              .filter({ hasText: /^Reading / })
              .waitFor({ state: "detached", timeout: 2_000 })
            expect({
              matched: await count("matched"),
              paid_no_order: await count("paid_no_order"),
              order_no_payment: await count("order_no_payment"),
              amount_mismatch: await count("amount_mismatch"),
              unknown: await count("unknown"),
              bad_rows: await count("bad_rows"),
            }).toEqual({
              matched: 1,
              paid_no_order: 1,
              order_no_payment: 0,
              amount_mismatch: 1,
              unknown: OTHER_ROWS,
              bad_rows: 1,
            })
            expect(
              await page.getByTestId("paylink-reconcile-skipped").innerText()
            ).toMatch(/^\d+ rows? skipped \(not a payment\)$/)
            // The amount mismatch, both sides to the cent.
            await groups.locator('[data-group="amount_mismatch"]').click()
            const row = page.locator(
              '[data-testid="paylink-reconcile-entries-table"] tbody tr'
            )
            await row
              .filter({ hasText: `#${mismatch.number}` })
              .waitFor({ timeout: UI_MS })
            const expected = new Intl.NumberFormat("en", {
              minimumFractionDigits: 2,
            }).format(mismatch.amount)
            expect(await row.innerText()).toMatch(
              new RegExp(
                `Q\\s90\\.00[\\s\\S]*Q\\s${expected.replace(/[.,]/g, "\\$&")}`
              )
            )
            expect(await cellsPastWindow(page, WIDTH)).toEqual([])
            await docShot(page, "groups-en")
          }
        )

        await step(
          "apply: the prompt says what will change; then what changed",
          async () => {
            const apply = page.getByTestId("paylink-reconcile-apply")
            await page.waitForFunction(
              () =>
                !document
                  .querySelector('[data-testid="paylink-reconcile-apply"]')
                  ?.hasAttribute("disabled"),
              undefined,
              { timeout: UI_MS }
            )
            await apply.click()
            const prompt = page.getByRole("alertdialog")
            await prompt.waitFor({ timeout: UI_MS })
            expect(await prompt.innerText()).toContain(
              "2 payment links to Needs attention, 1 payment verified"
            )
            await docShot(page, "apply-en")
            await prompt
              .getByRole("button", { name: "Apply", exact: true })
              .click()
            await waitForToast(page, "Reconciliation applied.", "success")
            const applied = page.getByTestId("paylink-reconcile-applied")
            await applied.waitFor({ timeout: UI_MS })
            expect(await applied.innerText()).toMatch(
              /: 2 payment links to Needs attention, 1 payment verified\.$/
            )
            expect(await apply.innerText()).toBe("Already applied")
            await groups.locator('[data-group="paid_no_order"]').click()
            const row = page
              .locator(
                '[data-testid="paylink-reconcile-entries-table"] tbody tr'
              )
              .filter({ hasText: `#${neverReturned}` })
            await row.waitFor({ timeout: UI_MS })
            expect(await row.innerText()).toMatch(
              /To Needs attention\s*Done[\s\S]*Paid, but the customer never came back to the store\./
            )
            await docShot(page, "applied-en")
          }
        )

        await step(
          "Download CSV: every entry, under the file's name",
          async () => {
            const [download] = await Promise.all([
              // The server writes all 40,004 rows before the browser sees the file: on two cores
              // shared with the integration lane that took over 30 s.
              page.waitForEvent("download", { timeout: FIRST_LOAD_MS }),
              page.getByTestId("paylink-reconcile-download").click(),
            ])
            expect(download.suggestedFilename()).toBe(
              "transacciones-gatewayA-reconciliation.csv"
            )
            const lines = fs
              .readFileSync((await download.path())!, "utf8")
              .split(/\r?\n/)
              .filter(Boolean)
            expect(lines[0]).toMatch(/^group,reason,line,reference,/)
            // matched, paid with no order, the mismatch and the other channels' rows.
            expect(lines.length - 1).toBe(3 + OTHER_ROWS)
          }
        )

        await step(
          "the order page: the payment verified in gateway A's report",
          async () => {
            await page.goto(`/app/orders/${orderId}`)
            const line = page.getByTestId("paylink-payment-verification")
            await line.waitFor({ timeout: FIRST_LOAD_MS })
            expect(await line.getAttribute("data-state")).toBe("verified")
            // The badge shows at once; the report's day follows when its reconciliation is read.
            await line
              .filter({ hasText: /Payment verified in gateway A's report of / })
              .waitFor({ timeout: UI_MS })
          }
        )

        await step(
          "in Spanish: the same file again, the mapping kept, nothing left to apply",
          async () => {
            await switchToSpanish(page)
            await upload("transacciones-gatewayA.csv", {
              reconcile: "Conciliar",
              gateway: "Pasarela A",
            })
            expect(
              await modal
                .getByTestId("paylink-reconcile-mapping-origin")
                .innerText()
            ).toBe("Guardada de su último archivo")
            expect((await reads())[0].cells).not.toHaveProperty("card_last4")
            await docShot(page, "map-es")
            await modal.getByTestId("paylink-reconcile-start").click()
            await page.waitForURL(
              /\/app\/payment-links\/reconciliations\/[^/]+$/,
              {
                timeout: UI_MS,
              }
            )
            await groups.waitFor({ timeout: 180_000 })
            await page
              .getByTestId("paylink-reconcile-progress")
              .waitFor({ state: "detached", timeout: 180_000 })
            expect(await count("paid_no_order")).toBe(1)
            const apply = page.getByTestId("paylink-reconcile-apply")
            await page.waitForFunction(
              () =>
                document.querySelector(
                  '[data-testid="paylink-reconcile-apply"]'
                )?.textContent === "Nada que aplicar",
              undefined,
              { timeout: UI_MS }
            )
            expect(await apply.isDisabled()).toBe(true)
            const row = page
              .locator(
                '[data-testid="paylink-reconcile-entries-table"] tbody tr'
              )
              .filter({ hasText: `#${neverReturned}` })
            await row.waitFor({ timeout: UI_MS })
            expect(await row.innerText()).toContain(
              "Pagado; ya está en Requiere atención."
            )
            expect(await cellsPastWindow(page, WIDTH)).toEqual([])
            await docShot(page, "groups-es")
            await page.goto("/app/payment-links/reconciliations")
            await page
              .locator('[data-testid="paylink-reconciliations-table"] tbody tr')
              .nth(1)
              .waitFor({ timeout: UI_MS })
            expect(
              await page
                .locator(
                  '[data-testid="paylink-reconciliations-table"] tbody tr'
                )
                .count()
            ).toBe(2)
            expect(await cellsPastWindow(page, WIDTH)).toEqual([])
            await docShot(page, "list-es")
          }
        )
      } finally {
        await context.close()
      }
    })
  },
  { cwd: host.dir, startSandbox: host.startSandbox, timeoutMs: 600_000 }
)
