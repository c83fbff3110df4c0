/**
 * Subscriptions as a merchant follows them, in headless Chromium on a 1280 px screen. Two customers
 * pay a subscription link; the sandbox charges later periods (telling the store nothing, as the
 * service does): Ana twice, Luis once and then not on his next date. Gateway A's export, read as a
 * reconciliation, is applied on its page: the prompt says the renewal orders and the overdue flag
 * Apply makes, the group cards what it made. Then Payment links → Subscriptions: the status filter,
 * the search, Ana's drawer and its timeline, a renewal order's page and its Subscription card back to
 * the drawer, Luis's overdue charge and Mark ended; in Spanish the list, a drawer, the first order's
 * card and the gateway's "an order for every renewal" switch. No cell ends past the window.
 * Screenshots go to PAYLINK_ADMIN_SCREENSHOTS (run.js prints where).
 * Run by run.js (`node integration-tests/consumer/run.js subscriptions-admin`).
 */
import type { Page } from "playwright-core"
import { adminWithPassword } from "../helpers/admin"
import { reconcile } from "../helpers/reconciliation"
import { GUEST } from "../helpers/storefront"
import {
  DAY_MS,
  sandboxClock,
  subscribed,
  type Subscribed,
} from "../helpers/subscriptions"
import { paylinkSuite } from "../helpers/suite"
import {
  cellsPastWindow,
  chromiumForSpec,
  FIRST_LOAD_MS,
  merchantSession,
  openFromSidebar,
  shot,
  shotOf,
  signIn,
  switchToSpanish,
  UI_MS,
  waitForRows,
  waitForToast,
} from "./dashboard"
import { consumerHost } from "./host"

const host = consumerHost("subscriptions-admin.spec.ts")
const browser = chromiumForSpec()
const WIDTH = 1280
const FILE = "transacciones-gatewayA-suscripciones.csv"
const LIST = '[data-testid="paylink-subscriptions"]'
const TABLE = '[data-testid="paylink-subscriptions-table"]'
const LUIS = {
  email: "luis.garcia@example.com",
  billing_address: {
    ...GUEST.billing_address,
    first_name: "Luis",
    last_name: "García",
  },
}

/** The filter menu (funnel) → Status → these statuses; the popover closed again. */
async function chooseStatuses(page: Page, labels: string[]) {
  await page
    .locator('[data-testid="paylink-subscriptions-filter-menu"] button')
    .click()
  await page.getByRole("menuitem").first().click()
  const popover = page.locator("[data-radix-popper-content-wrapper]")
  for (const label of labels) {
    await popover
      .getByRole("button")
      .filter({ hasText: new RegExp(`^${label}$`) })
      .click()
  }
  for (let i = 0; i < 10 && (await popover.count()); i++) {
    await page.keyboard.press("Escape")
    await popover
      .first()
      .waitFor({ state: "detached", timeout: 1_000 })
      .catch(() => undefined)
  }
}

async function clearFilters(page: Page) {
  const clearAll = page
    .locator(LIST)
    .getByRole("button", { name: /^(Clear all|Borrar todo)$/ })
  await clearAll.click()
  await clearAll.waitFor({ state: "detached", timeout: UI_MS })
}

/**
 * Types in the search box and waits for the list's answer to that search (the box waits before
 * asking). An emptied box shows the list read before, from the dashboard's cache: nothing to wait for.
 */
async function search(page: Page, text: string) {
  const box = page.locator('[data-testid="paylink-subscriptions-search"] input')
  if (!text) {
    await box.fill(text)
    return
  }
  await Promise.all([
    page.waitForResponse(
      (r) => {
        const u = new URL(r.url())
        return (
          u.pathname === "/admin/paylink/subscriptions" &&
          (u.searchParams.get("q") ?? "") === text
        )
      },
      { timeout: UI_MS }
    ),
    box.fill(text),
  ])
}

/** The drawer scrolled so its timeline starts at the top, for a screenshot. */
async function showTimeline(page: Page) {
  await page
    .getByTestId("paylink-subscription-timeline-section")
    .evaluate((el) => el.scrollIntoView({ block: "start" }))
}

/** The drawer's timeline as [kind, order state, text] per event. */
async function timeline(page: Page) {
  const events = page.getByTestId("paylink-subscription-event")
  await events.first().waitFor({ timeout: UI_MS })
  return await events.evaluateAll((lis) =>
    lis.map((li) => [
      li.getAttribute("data-kind"),
      li.getAttribute("data-order-state"),
      (li as HTMLElement).innerText.replace(/\s+/g, " ").trim(),
    ])
  )
}

paylinkSuite(
  (ctx) => {
    it("renewal orders and an overdue renewal from a reconciliation, then the Subscriptions page, an order's card and Mark ended, in English and in Spanish, at 1280 px", async () => {
      const ana: Subscribed = await subscribed(ctx)
      const luis: Subscribed = await subscribed(ctx, LUIS)
      // A month after each first payment (paid on the sandbox's clock set back), then Ana once more
      // five days ago: the report's period runs past Luis's next expected charge, which it does not
      // show.
      ctx.sandbox.chargeNextPeriod(luis.checkoutId)
      ctx.sandbox.chargeNextPeriod(ana.checkoutId)
      ctx.sandbox.chargeNextPeriod(ana.checkoutId, {
        at: new Date(Date.now() - 5 * DAY_MS),
      })
      const { reconciliation: r } = await reconcile(
        ctx,
        ctx.sandbox.exportCsv("gatewayA"),
        FILE
      )
      expect(r.renewals).toMatchObject({
        renewals_to_apply: 3,
        orders_to_make: 3,
        overdue_to_flag: 1,
      })

      const merchant = await adminWithPassword(
        ctx.getContainer(),
        "sofia.mendez@example.com",
        "Suscripciones-2026"
      )
      const { base, context, page, step } = await merchantSession(
        browser(),
        ctx.api,
        "subscriptions-"
      )
      await page.setViewportSize({ width: WIDTH, height: 900 })
      const drawer = page.getByTestId("paylink-subscription-drawer")
      const groups = page.getByTestId("paylink-reconcile-groups")
      const rowOf = (name: string) =>
        page.locator(`${TABLE} tbody tr`).filter({ hasText: name })
      let renewalOrderId = ""

      try {
        await step("sign in", async () => {
          await signIn(page, context, base, merchant)
        })

        await step(
          "the reconciliation: Apply says the renewal orders and the overdue flag; the cards say what it made",
          async () => {
            await page.goto(`/app/payment-links/reconciliations/${r.id}`)
            await groups.waitFor({ timeout: FIRST_LOAD_MS })
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
              "This will change: 2 payments verified, 3 renewal orders, 1 subscription flagged renewal overdue."
            )
            await shot(page, "subscriptions-1-apply-en")
            await prompt
              .getByRole("button", { name: "Apply", exact: true })
              .click()
            await waitForToast(page, "Reconciliation applied.", "success")
            const made = groups.locator(
              '[data-group="matched"] [data-testid="paylink-reconcile-renewals"]'
            )
            await made.waitFor({ timeout: UI_MS })
            expect(await made.innerText()).toBe("3 renewal orders made")
            expect(
              await groups
                .locator(
                  '[data-group="order_no_payment"] [data-testid="paylink-reconcile-renewals"]'
                )
                .innerText()
            ).toBe("1 renewal overdue")
            expect(
              await page.getByTestId("paylink-reconcile-applied").innerText()
            ).toMatch(
              /: 2 payments verified, 3 renewal orders made, 1 renewal overdue\.$/
            )
            await groups.locator('[data-group="order_no_payment"]').click()
            const missing = page
              .locator(
                '[data-testid="paylink-reconcile-entries-table"] tbody tr'
              )
              .filter({ hasText: `#${luis.number}` })
            await missing.waitFor({ timeout: UI_MS })
            expect(await missing.innerText()).toMatch(
              /expected charge[\s\S]*Flag renewal overdue[\s\S]*Done[\s\S]*the renewal is overdue\./
            )
            expect(await cellsPastWindow(page, WIDTH)).toEqual([])
            await shot(page, "subscriptions-2-applied-en")
          }
        )

        await step(
          "Payment links → Subscriptions from the sidebar: both, newest first, in the merchant's words",
          async () => {
            await page.goto("/app/payment-links")
            await openFromSidebar(
              page,
              "/app/payment-links/subscriptions",
              "Subscriptions"
            )
            const rows = await waitForRows(page, TABLE, 2, "the subscriptions")
            expect(rows[0].slice(0, 4)).toEqual([
              "Luis Garcíaluis.garcia@example.com",
              expect.any(String),
              "Every month",
              expect.stringMatching(/^Q\s100\.00$/),
            ])
            expect(rows[0][6]).toBe("Renewal overdue")
            expect(rows[1][0]).toBe(`Ana López${GUEST.email}`)
            expect(rows[1][6]).toBe("Active")
            expect(await cellsPastWindow(page, WIDTH)).toEqual([])
            await shot(page, "subscriptions-3-list-en")
          }
        )

        await step("the status filter and the search", async () => {
          await chooseStatuses(page, ["Renewal overdue"])
          expect(
            (await waitForRows(page, TABLE, 1, "overdue subscriptions"))[0][0]
          ).toMatch(/^Luis García/)
          await clearFilters(page)
          await waitForRows(page, TABLE, 2, "the list again")
          // Several statuses at once: active or ended, not overdue.
          await chooseStatuses(page, ["Active", "Ended"])
          expect(
            (await waitForRows(page, TABLE, 1, "active or ended"))[0][0]
          ).toMatch(/^Ana López/)
          await shot(page, "subscriptions-4-filter-en")
          await clearFilters(page)
          await search(page, "ana.lopez")
          expect(
            (await waitForRows(page, TABLE, 1, "the search by e-mail"))[0][0]
          ).toMatch(/^Ana López/)
          // Each search changes how many rows show, so the rows read are the new answer's.
          await search(page, "")
          await waitForRows(page, TABLE, 2, "the list again")
          await search(page, String(luis.number))
          expect(
            (
              await waitForRows(page, TABLE, 1, "the search by link number")
            )[0][0]
          ).toMatch(/^Luis García/)
          await search(page, "nadie@example.com")
          await waitForRows(page, TABLE, 0, "a search that finds none")
          await search(page, "")
          await waitForRows(page, TABLE, 2, "the list again")
        })

        await step(
          "Ana's drawer: her goods, plan and timeline, each renewal with its report line and order",
          async () => {
            await rowOf("Ana López").click()
            await drawer.waitFor({ timeout: UI_MS })
            await page.waitForURL(
              new RegExp(`subscriptions\\?id=${ana.subscriptionId}$`),
              { timeout: UI_MS }
            )
            const events = await timeline(page)
            expect(events.map(([kind, state]) => [kind, state])).toEqual([
              ["first_payment", "made"],
              ["renewal", "made"],
              ["renewal", "made"],
            ])
            for (const [, , text] of events.slice(1))
              expect(text).toMatch(
                new RegExp(
                  `Report ${FILE.replace(/\./g, "\\.")}, line \\d+ Order #\\d+$`
                )
              )
            expect(await drawer.innerText()).toMatch(/Every month/)
            await shot(page, "subscriptions-5-drawer-en")
            await showTimeline(page)
            await shot(page, "subscriptions-5b-timeline-en")
            const order = drawer
              .getByTestId("paylink-subscription-event")
              .nth(1)
              .getByTestId("paylink-subscription-event-order")
            renewalOrderId = (await order.getAttribute("href"))!
              .split("/")
              .pop()!
            await order.click()
          }
        )

        await step(
          "the renewal order's page: its Subscription card, and back to the drawer",
          async () => {
            await page.waitForURL(new RegExp(`/orders/${renewalOrderId}$`), {
              timeout: UI_MS,
            })
            const card = page.getByTestId("paylink-order-subscription")
            await card.waitFor({ timeout: FIRST_LOAD_MS })
            expect(await card.getAttribute("data-kind")).toBe("renewal")
            const line = card.getByTestId("paylink-order-subscription-line")
            await line.waitFor({ timeout: UI_MS })
            expect(await line.innerText()).toMatch(
              new RegExp(
                `^Renewal order, charged .+ \\(report ${FILE.replace(/\./g, "\\.")}, line \\d+\\)$`
              )
            )
            expect(await card.innerText()).toContain("Active")
            await shotOf(card, "subscriptions-6-order-card-en")
            await card.getByTestId("paylink-order-subscription-open").click()
            await page.waitForURL(
              new RegExp(
                `/payment-links/subscriptions\\?id=${ana.subscriptionId}$`
              ),
              { timeout: UI_MS }
            )
            await drawer.waitFor({ timeout: FIRST_LOAD_MS })
            expect(await drawer.innerText()).toContain(
              `Subscription #${ana.number}`
            )
            await page.keyboard.press("Escape")
            await drawer.waitFor({ state: "detached", timeout: UI_MS })
          }
        )

        await step(
          "Luis's drawer: the charge the report did not show, then Mark ended with a note",
          async () => {
            await page.goto(
              `/app/payment-links/subscriptions?id=${luis.subscriptionId}`
            )
            await drawer.waitFor({ timeout: FIRST_LOAD_MS })
            const events = await timeline(page)
            expect(events.map(([kind]) => kind)).toEqual([
              "first_payment",
              "renewal",
              "overdue",
            ])
            expect(events[2][2]).toMatch(
              new RegExp(`^No charge on .+ in ${FILE.replace(/\./g, "\\.")} `)
            )
            await showTimeline(page)
            await shot(page, "subscriptions-7-overdue-en")
            await drawer.getByTestId("paylink-subscription-end").click()
            const prompt = page.getByTestId("paylink-subscription-end-prompt")
            await prompt.waitFor({ timeout: UI_MS })
            expect(await prompt.innerText()).toContain(
              "First cancel the subscription in gateway A's dashboard: the service has no cancel call, so the store cannot stop the charges. Marking it ended stops renewal orders and overdue flags."
            )
            await prompt
              .getByTestId("paylink-subscription-end-note")
              .fill("Canceled in gateway A's dashboard; the customer called.")
            await shot(page, "subscriptions-8-end-en")
            await prompt.getByTestId("paylink-subscription-end-confirm").click()
            await waitForToast(
              page,
              `Subscription #${luis.number} marked ended`,
              "success"
            )
            await drawer
              .locator(
                '[data-testid="paylink-subscription-event"][data-kind="ended"]'
              )
              .waitFor({ timeout: UI_MS })
            const ended = await timeline(page)
            expect(ended[3][2]).toMatch(
              /^Marked ended by .+ Note: Canceled in gateway A's dashboard; the customer called\.$/
            )
            expect(
              await drawer
                .getByTestId("paylink-subscription-status")
                .innerText()
            ).toBe("Ended")
            expect(
              await drawer.getByTestId("paylink-subscription-end").count()
            ).toBe(0)
            const stored = (
              await ctx.api.get(
                `/admin/paylink/subscriptions/${luis.subscriptionId}`,
                ctx.admin
              )
            ).data.subscription
            expect(stored).toMatchObject({
              status: "ended",
              end_note:
                "Canceled in gateway A's dashboard; the customer called.",
            })
            await showTimeline(page)
            await shot(page, "subscriptions-9-ended-en")
            await page.keyboard.press("Escape")
          }
        )

        await step(
          "in Spanish: the list, the filter, Ana's drawer and her first order's card",
          async () => {
            await switchToSpanish(page)
            await page.goto("/app/payment-links/subscriptions")
            const rows = await waitForRows(page, TABLE, 2, "las suscripciones")
            expect(rows.map((row) => [row[2], row[6]])).toEqual([
              ["Cada mes", "Terminada"],
              ["Cada mes", "Activa"],
            ])
            expect(await cellsPastWindow(page, WIDTH)).toEqual([])
            await shot(page, "subscriptions-10-list-es")
            await chooseStatuses(page, ["Terminada"])
            expect(
              (await waitForRows(page, TABLE, 1, "las terminadas"))[0][0]
            ).toMatch(/^Luis García/)
            await clearFilters(page)
            await waitForRows(page, TABLE, 2, "la lista otra vez")
            await rowOf("Ana López").click()
            await drawer.waitFor({ timeout: UI_MS })
            const events = await timeline(page)
            expect(events[1][2]).toMatch(
              new RegExp(
                `^Renovación cobrada .+ Reporte ${FILE.replace(/\./g, "\\.")}, línea \\d+ Pedido #\\d+$`
              )
            )
            await showTimeline(page)
            await shot(page, "subscriptions-11-drawer-es")
            await drawer
              .getByTestId("paylink-subscription-event")
              .first()
              .getByTestId("paylink-subscription-event-order")
              .click()
            await page.waitForURL(new RegExp(`/orders/${ana.orderId}$`), {
              timeout: UI_MS,
            })
            const card = page.getByTestId("paylink-order-subscription")
            await card.waitFor({ timeout: FIRST_LOAD_MS })
            expect(await card.getAttribute("data-kind")).toBe("first")
            expect(
              await card
                .getByTestId("paylink-order-subscription-line")
                .innerText()
            ).toBe(`Primer pedido de la suscripción #${ana.number}`)
            await shotOf(card, "subscriptions-12-order-card-es")
          }
        )

        await step(
          "in Spanish: the subscription gateway's switch, off and saved, on again",
          async () => {
            await page.goto("/app/settings/payment-links")
            const card = page.getByTestId("gateway-gateway_a_subscription")
            await card.waitFor({ timeout: FIRST_LOAD_MS })
            await card.getByRole("button", { name: "Editar" }).click()
            const form = page.getByTestId("gateway-form-gateway_a_subscription")
            await form.waitFor({ timeout: UI_MS })
            const toggle = form.getByRole("switch", {
              name: "Crear un pedido por cada renovación",
            })
            expect(await toggle.getAttribute("aria-checked")).toBe("true")
            await toggle.click()
            await shot(page, "subscriptions-13-gateway-switch-es")
            await form
              .getByRole("button", { name: "Guardar", exact: true })
              .click()
            await form.waitFor({ state: "detached", timeout: UI_MS })
            const saved = (
              await ctx.api.get(`/admin/paylink/gateways`, ctx.admin)
            ).data.gateways
            expect(
              saved.find((g: any) => g.gateway === "gateway_a_subscription")
                .renewal_orders
            ).toBe(false)
            // The single-payment gateway's drawer has no such switch.
            await page
              .getByTestId("gateway-gateway_a")
              .getByRole("button", { name: "Editar" })
              .click()
            const single = page.getByTestId("gateway-form-gateway_a")
            await single.waitFor({ timeout: UI_MS })
            expect(
              await single
                .getByText("Crear un pedido por cada renovación")
                .count()
            ).toBe(0)
            await page.keyboard.press("Escape")
            await ctx.api.post(
              `/admin/paylink/gateways/gateway_a_subscription`,
              { renewal_orders: true },
              ctx.admin
            )
          }
        )
      } finally {
        await context.close()
      }
    })
  },
  {
    cwd: host.dir,
    startSandbox: () => host.startSandbox({ now: sandboxClock }),
    timeoutMs: 600_000,
  }
)
