/**
 * Pay by link from the admin, in a real browser: on an order that owes
 * money after an order edit, and on a draft order, the merchant creates a payment link from the
 * order's page, the customer opens it and pays on the sandbox's hosted page, and the order's page
 * then shows nothing outstanding (the draft has become an order); the order's card and the form are
 * then checked in Spanish, the merchant's profile language. Run by run.js
 * (`node integration-tests/consumer/run.js pay-by-link-admin`).
 */
import type { Page } from "playwright-core"
import { paylinkSuite } from "../helpers/suite"
import { addItemsByEdit, paidStorefrontOrder } from "../helpers/orders"
import { consumerHost } from "./host"
import { adminWithPassword } from "../helpers/admin"
import { GUEST } from "../helpers/storefront"
import {
  chromiumForSpec,
  FIRST_LOAD_MS,
  merchantSession,
  shot,
  shotOf,
  signIn,
  switchToSpanish,
  UI_MS,
  waitForToast,
} from "./dashboard"

const host = consumerHost("pay-by-link-admin.spec.ts")
const browser = chromiumForSpec()

paylinkSuite(
  (ctx) => {
    const { api, getContainer } = ctx

    const summary = async (orderId: string) =>
      (
        await api.get(
          `/admin/orders/${orderId}?fields=id,status,summary.*`,
          ctx.admin
        )
      ).data.order

    /** The customer's browser: the hosted page, Pay, and back through the return address to this server. */
    async function payInBrowser(page: Page, url: string, base: string) {
      // The link's return address names the store's public URL (backendUrl); here that is the test server.
      await page.route("http://localhost:9000/**", (route) => {
        const u = new URL(route.request().url())
        return route.fulfill({
          status: 302,
          headers: { location: `${base}${u.pathname}${u.search}` },
        })
      })
      await page.goto(url)
      await page.locator("#pay").click()
      await page.waitForURL(/\/paylink\/return\//, { timeout: UI_MS })
      await page
        .getByRole("heading", { name: "Thank you for your payment!" })
        .waitFor({ timeout: UI_MS })
    }

    async function createLinkInWidget(page: Page, gatewayLabel: RegExp) {
      const widget = page.locator('[data-testid="paylink-order-widget"]')
      await widget.getByTestId("paylink-create-link").click()
      const form = page.getByTestId("paylink-create-link-form")
      await form.waitFor({ timeout: UI_MS })
      await form.getByTestId("paylink-provider-select").click()
      await page.getByRole("option", { name: gatewayLabel }).click()
      await form.getByTestId("paylink-create-link-submit").click()
      await form.getByTestId("paylink-link-ready").waitFor({ timeout: UI_MS })
      return (await form.getByTestId("paylink-link-url").inputValue()).trim()
    }

    it("an order's balance and a draft order, each paid through a link made on its page", async () => {
      // An order paid at the storefront (GTQ 100), then edited to add one more bag: it owes GTQ 100.
      const orderId = await paidStorefrontOrder(ctx)
      await addItemsByEdit(ctx, orderId)
      expect((await summary(orderId)).summary.pending_difference).toBe(100)
      const draftId = (
        await api.post(
          `/admin/draft-orders`,
          {
            email: GUEST.email,
            region_id: ctx.seed.gtqRegionId,
            items: [{ variant_id: ctx.seed.variantId, quantity: 2 }],
            billing_address: GUEST.billing_address,
            shipping_address: GUEST.billing_address,
          },
          ctx.admin
        )
      ).data.draft_order.id

      const merchant = await adminWithPassword(
        getContainer(),
        "lucia.mendez@example.com",
        "Pago-por-enlace-2026"
      )
      const { base, context, page, step } = await merchantSession(
        browser(),
        api,
        "pay-by-link-"
      )
      const widget = page.locator('[data-testid="paylink-order-widget"]')
      await page.setViewportSize({ width: 1280, height: 900 })
      try {
        await step("sign in", async () => {
          await signIn(page, context, base, merchant)
        })

        let url = ""
        await step(
          "while the order's links load, the cards show Medusa's skeletons, not an empty box",
          async () => {
            // Hold the plugin's answers back 3 s, as on a slow store: the skeletons must be there meanwhile.
            const held =
              /\/admin\/(paylink\/(orders\/[^/]+\/payment-links|checkouts)|benefits\/redemptions)(\?|$)/
            await page.route(held, async (route) => {
              await new Promise((r) => setTimeout(r, 3000))
              await route.continue()
            })
            await page.goto(`/app/orders/${orderId}`)
            const loading = page.getByTestId("paylink-order-widget-loading")
            await loading.waitFor({ timeout: FIRST_LOAD_MS })
            await page
              .getByTestId("loyalty-order-widget-loading")
              .waitFor({ timeout: UI_MS })
            expect(
              await loading
                .getByRole("heading", { name: "Payment links" })
                .count()
            ).toBe(1)
            expect(
              await loading.locator('[class*="animate-pulse"]').count()
            ).toBeGreaterThanOrEqual(2)
            await shotOf(loading, "pay-by-link-0-loading")
            await widget.waitFor({ timeout: UI_MS })
            await loading.waitFor({ state: "detached", timeout: UI_MS })
            // This order used no loyalty card: its skeleton goes once the answer says so.
            await page
              .getByTestId("loyalty-order-widget-loading")
              .waitFor({ state: "detached", timeout: UI_MS })
            await page.unroute(held)
          }
        )

        await step(
          "the order's page shows what it owes and makes a link on gateway A",
          async () => {
            await page.goto(`/app/orders/${orderId}`)
            await widget.waitFor({ timeout: FIRST_LOAD_MS })
            // Amounts as Medusa's own cards write them: the narrow symbol, "Q 100.00".
            await widget
              .getByTestId("paylink-outstanding")
              .getByText("Outstanding: Q\u00a0100.00")
              .waitFor({ timeout: UI_MS })
            await shotOf(widget, "pay-by-link-1-order-owes")
            url = await createLinkInWidget(page, /^Gateway A$/)
            expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
            await waitForToast(page, /Payment link \d+ created/, "success")
            await shot(page, "pay-by-link-2-link-ready")
            await page.getByRole("button", { name: "Done" }).click()
            await widget
              .getByText("Send to ana.lopez@example.com")
              .waitFor({ timeout: UI_MS })
          }
        )

        await step(
          "send it to the customer through the notification module",
          async () => {
            await widget.getByText("Send to ana.lopez@example.com").click()
            await page.getByRole("button", { name: "Send to customer" }).click()
            await waitForToast(
              page,
              "Payment link sent to ana.lopez@example.com",
              "success"
            )
          }
        )

        await step(
          "the customer pays on the hosted page and comes back",
          async () => {
            const customer = await context.newPage()
            await payInBrowser(customer, url, base)
            await shot(customer, "pay-by-link-3-thank-you")
            await customer.close()
          }
        )

        await step(
          "the order owes nothing; the link is completed",
          async () => {
            await page.reload()
            await widget
              .getByTestId("paylink-outstanding")
              .getByText("Nothing outstanding")
              .waitFor({ timeout: FIRST_LOAD_MS })
            await widget
              .getByText("Completed")
              .first()
              .waitFor({ timeout: UI_MS })
            await shotOf(widget, "pay-by-link-4-order-paid")
            expect((await summary(orderId)).summary.pending_difference).toBe(0)
          }
        )

        await step(
          "a draft order: a link on gateway B; paying it converts the draft",
          async () => {
            await page.goto(`/app/draft-orders/${draftId}`)
            await widget.waitFor({ timeout: FIRST_LOAD_MS })
            await widget
              .getByText("Outstanding: Q\u00a0200.00")
              .waitFor({ timeout: UI_MS })
            const draftUrl = await createLinkInWidget(page, /^Gateway B/)
            await page.getByRole("button", { name: "Done" }).click()
            const customer = await context.newPage()
            await payInBrowser(customer, draftUrl, base)
            await customer.close()
            const order = await summary(draftId)
            expect(order.status).toBe("pending")
            expect(order.summary.pending_difference).toBe(0)
            await page.goto(`/app/orders/${draftId}`)
            await widget
              .getByTestId("paylink-outstanding")
              .getByText("Nothing outstanding")
              .waitFor({ timeout: FIRST_LOAD_MS })
            await shot(page, "pay-by-link-5-draft-became-order")
          }
        )

        await step(
          "in Spanish: the order's card and the Create payment link form",
          async () => {
            // The first order owes GTQ 100 again after a second edit.
            await addItemsByEdit(ctx, orderId)
            await switchToSpanish(page)
            await page.goto(`/app/orders/${orderId}`)
            await widget.waitFor({ timeout: FIRST_LOAD_MS })
            await widget
              .getByRole("heading", { name: "Enlaces de pago" })
              .waitFor({ timeout: UI_MS })
            await widget
              .getByTestId("paylink-outstanding")
              .getByText("Saldo pendiente: Q\u00a0100.00")
              .waitFor({ timeout: UI_MS })
            // The paid link of the first round, in Spanish: "Completado", made in the admin.
            const card = await widget.innerText()
            expect(card).toContain("Creado en el administrador")
            expect(card).not.toMatch(
              /orderLinks\.|checkouts\.|common\.|paylink:/
            )
            await shotOf(widget, "pay-by-link-6-order-card-es")
            await widget.getByTestId("paylink-create-link").click()
            const form = page.getByTestId("paylink-create-link-form")
            await form.waitFor({ timeout: UI_MS })
            await form
              .getByRole("heading", { name: "Crear un enlace de pago" })
              .waitFor({ timeout: UI_MS })
            const text = await form.innerText()
            expect(text).toContain("Pasarela")
            expect(text).toMatch(
              /lo que el pedido #\d+ aún debe: Q\u00a0100\.00/
            )
            expect(text).not.toMatch(
              /orderLinks\.|checkouts\.|common\.|paylink:/
            )
            await form.getByTestId("paylink-provider-select").click()
            await page
              .getByRole("option", { name: /^Pasarela A/ })
              .first()
              .waitFor({ timeout: UI_MS })
            await shot(page, "pay-by-link-7-create-form-es")
            await page.keyboard.press("Escape")
            await form.getByRole("button", { name: "Cancelar" }).click()
            await form.waitFor({ state: "detached", timeout: UI_MS })
          }
        )

        const notifications = await getContainer()
          .resolve("notification")
          .listNotifications({ to: GUEST.email })
        expect(notifications.map((n: any) => n.template)).toEqual([
          "paylink-payment-link",
        ])
      } finally {
        await context.close()
      }
    })
  },
  { cwd: host.dir, startSandbox: host.startSandbox, timeoutMs: 300_000 }
)
