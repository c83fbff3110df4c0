/**
 * The plugin's loyalty-benefits admin in a real browser, run by integration-tests/consumer/run.js
 * (`npm run test:consumer`) after it has built the host's dashboard: the "Loyalty benefits" page
 * (program credentials, benefit rules, recent redemptions) and the order page's "Loyalty benefit"
 * widget of the installed package, driven in headless Chromium.
 *
 * A merchant signs in, connects the benefits program in the credentials' "Edit" drawer (the
 * sandbox's credentials; the host's medusa-config gives the plugin encryptionKey and baseUrl), tests
 * the connection, is told when a wrong password is refused (and stays connected), adds a benefit in
 * the "Add benefit" focus modal (a percentage on products, the default, rather than products and
 * shipping) and switches it off and on; a
 * storefront applies a loyalty card with it to a cart that is paid through a payment link; the
 * merchant then sees the redemption and its codes on the page and on the order, never the full
 * card, and deletes the benefit. In Spanish, the form offers "Descuento sobre: Productos / Productos y
 * envío" and the table says which. Screenshots (benefits-*.png) go to PAYLINK_ADMIN_SCREENSHOTS.
 */
import { paylinkSuite } from "../helpers/suite"
import { consumerHost } from "./host"
import type { Page } from "playwright-core"
import { PROVIDERS } from "../helpers/seed"
import { adminWithPassword } from "../helpers/admin"
import {
  createCart,
  createPaymentLink,
  followReturn,
  orderIdFrom,
  pressOnHostedPage,
  landedAt,
} from "../helpers/storefront"
import {
  applyBenefit,
  eventually,
  PROGRAM_CREDENTIALS,
} from "../helpers/benefits"
import {
  chromiumForSpec,
  FIRST_LOAD_MS,
  gtq,
  merchantSession,
  money,
  openFromSidebar,
  shot,
  shotOf,
  signIn,
  switchToSpanish,
  UI_MS,
  waitForRows,
  waitForToast,
} from "./dashboard"

const host = consumerHost("benefits-admin.spec.ts")
const HOST_DIR = host.dir

const CARD = "6011 0000 1234 5678"
const CARD_DIGITS = CARD.replace(/\s/g, "")
const WRONG_PASSWORD = "wrong-password-0000"
/** The page writes amounts in the admin's language: in English "GTQ", a no-break space, the amount. */
const NBSP = "\u00a0"

const SETTINGS = '[data-testid="benefits-settings"]'
/** The credentials' form, in the drawer that the card's "Edit" opens. */
const SETTINGS_FORM = '[data-testid="benefits-settings-form"]'
const RULES = '[data-testid="benefits-rules"]'
/** The rule form, in the focus modal that the benefits card's "Add benefit" opens. */
const RULE_FORM = '[data-testid="benefits-rule-form"]'
const REDEMPTIONS = '[data-testid="benefits-redemptions"]'
const ORDER_WIDGET = '[data-testid="loyalty-order-widget"]'
/** The rule form's "Discount on" choice, shown for a percentage. */
const APPLIES_TO = '[data-testid="benefits-rule-applies-to"]'
/** The rule form and table are looked at as a merchant's laptop shows them. */
const LAPTOP = { width: 1280, height: 900 }
const DESKTOP = { width: 1440, height: 900 }

const browser = chromiumForSpec()

paylinkSuite(
  (ctx) => {
    const { api, getContainer } = ctx

    const settingsOverApi = async () =>
      (await api.get("/admin/benefits/settings", ctx.admin)).data
    const rulesOverApi = async () =>
      (await api.get("/admin/benefits/rules", ctx.admin)).data.rules as any[]
    const setupCalls = () =>
      ctx.sandbox.requests.filter((r) => r.endpoint === "setup")

    it("connects the program, adds a benefit, shows a redeemed card on the page and the order (never the full card), and deletes the benefit", async () => {
      const merchant = await adminWithPassword(
        getContainer(),
        "marta.perez@example.com",
        "Cafe-de-Huehue-2026"
      )
      const { base, context, page, step } = await merchantSession(
        browser(),
        api,
        "benefits-"
      )

      // Every answer the dashboard gets from the benefits API, to look for secrets and cards in.
      const benefitAnswers: Promise<{ url: string; body: string }>[] = []
      page.on("response", (r) => {
        const u = new URL(r.url())
        if (u.pathname.startsWith("/admin/benefits/")) {
          benefitAnswers.push(
            r.text().then(
              (body) => ({
                url: `${r.request().method()} ${u.pathname}${u.search}`,
                body,
              }),
              () => ({ url: u.pathname, body: "" })
            )
          )
        }
      })

      const settings = page.locator(SETTINGS)
      const settingsForm = page.locator(SETTINGS_FORM)
      const password = settingsForm.locator("#benefits-password")
      const enabled = settingsForm.getByRole("switch", {
        name: "Offer loyalty benefits at checkout",
      })
      /** Opens the credentials' drawer from the card. */
      const editSettings = async () => {
        await settings
          .getByRole("button", { name: "Edit", exact: true })
          .click()
        await settingsForm.waitFor({ timeout: UI_MS })
      }
      /** Closes an open drawer or modal as the merchant would (Escape). */
      const closeDialog = async (dialog: ReturnType<Page["locator"]>) => {
        await page.keyboard.press("Escape")
        await dialog.waitFor({ state: "detached", timeout: UI_MS })
      }
      let ruleId = ""
      let applied: { authorization: string; confirmation: string }
      let orderId = ""

      try {
        await step(
          "sign in and open Loyalty benefits from the sidebar: not connected",
          async () => {
            await signIn(page, context, base, merchant)
            await openFromSidebar(
              page,
              "/app/loyalty-benefits",
              "Loyalty benefits"
            )
            await settings
              .getByText("Credentials not accepted yet", { exact: true })
              .waitFor({ timeout: FIRST_LOAD_MS })
            await waitForRows(page, RULES, 0, "the benefits table")
            await page
              .locator(RULES)
              .getByText("No benefits yet.")
              .waitFor({ timeout: UI_MS })
            await page
              .locator(REDEMPTIONS)
              .getByText("No loyalty cards used yet.")
              .waitFor({ timeout: UI_MS })
            await shot(page, "benefits-1-not-connected")
            await editSettings()
            // The plugin option baseUrl (the sandbox) reached the benefits module.
            await settingsForm
              .getByText(
                `Empty uses the store's setup (http://127.0.0.1:${host.sandboxPort}).`
              )
              .waitFor({ timeout: UI_MS })
            expect(await password.getAttribute("placeholder")).toBe("Not set")
            expect(await enabled.getAttribute("aria-checked")).toBe("false")
            await shot(page, "benefits-1b-credentials-form")
          }
        )

        await step(
          "save the program's credentials with benefits on: connected",
          async () => {
            await settingsForm
              .locator("#benefits-user")
              .fill(PROGRAM_CREDENTIALS.user)
            await settingsForm
              .locator("#benefits-branch")
              .fill(String(PROGRAM_CREDENTIALS.branch))
            await password.fill(PROGRAM_CREDENTIALS.password)
            await enabled.click()
            expect(await enabled.getAttribute("aria-checked")).toBe("true")
            await settingsForm
              .getByRole("button", { name: "Save", exact: true })
              .click()
            await waitForToast(page, "Benefits settings saved", "success")
            // Saved: the drawer closes.
            await settingsForm.waitFor({ state: "detached", timeout: UI_MS })
            await settings
              .getByText(/^Credentials accepted /)
              .waitFor({ timeout: UI_MS })
            expect(
              await settings.getByText("Credentials not accepted yet").count()
            ).toBe(0)
            // The form opens with the saved settings: the password is write-only.
            await editSettings()
            await page.waitForFunction(
              () => {
                const el =
                  document.querySelector<HTMLInputElement>("#benefits-password")
                return (
                  el !== null &&
                  el.value === "" &&
                  el.placeholder === "Set: leave empty to keep it"
                )
              },
              undefined,
              { timeout: UI_MS }
            )
            expect(
              await settingsForm.locator("#benefits-user").inputValue()
            ).toBe("sandbox")
            expect(
              await settingsForm.locator("#benefits-branch").inputValue()
            ).toBe("1")
            expect(await enabled.getAttribute("aria-checked")).toBe("true")
            await closeDialog(settingsForm)

            const data = await settingsOverApi()
            expect(data.settings).toEqual({
              base_url: null,
              effective_base_url: `http://127.0.0.1:${host.sandboxPort}`,
              user: "sandbox",
              branch: 1,
              enabled: true,
              password_set: true,
              token_set: true,
              token_obtained_at: expect.any(String),
            })
            expect(JSON.stringify(data)).not.toContain(
              PROGRAM_CREDENTIALS.password
            )
            // The program got the setup call, with the credentials typed in the form.
            expect(setupCalls().map((r) => r.body)).toEqual([
              PROGRAM_CREDENTIALS,
            ])
            await shot(page, "benefits-2-connected")
          }
        )

        await step(
          '"Test credentials": the program accepts the stored credentials, and the page says benefit codes and discounts were not tested',
          async () => {
            expect(
              await settings.getByTestId("benefits-test-proves").innerText()
            ).toBe(
              "Test credentials proves the user, password and branch (the program issues a token for them). It does not check benefit codes or apply a discount."
            )
            await settings
              .getByRole("button", { name: "Test credentials" })
              .click()
            const said = await waitForToast(
              page,
              "The benefits program accepted the user, password and branch.",
              "success"
            )
            expect(said).toContain(
              "Benefit codes and discounts were not tested: the program has no call that checks them without a customer's card. The first discount at checkout proves them."
            )
            expect(said).not.toMatch(/Passed/)
            expect(setupCalls()).toHaveLength(2)
            expect(setupCalls()[1].body).toEqual(PROGRAM_CREDENTIALS)
            await settings
              .getByText(/^Credentials accepted /)
              .waitFor({ timeout: UI_MS })
          }
        )

        await step(
          "save a wrong password: an error toast, and the program stays connected",
          async () => {
            await editSettings()
            await password.fill(WRONG_PASSWORD)
            await settingsForm
              .getByRole("button", { name: "Save", exact: true })
              .click()
            const text = await waitForToast(
              page,
              /rejected the credentials/,
              "error"
            )
            expect(text).toContain("rejected the credentials")
            expect(text).not.toContain(WRONG_PASSWORD)
            expect(setupCalls().at(-1)!.body).toEqual({
              ...PROGRAM_CREDENTIALS,
              password: WRONG_PASSWORD,
            })
            await shot(page, "benefits-3-wrong-password")

            const data = await settingsOverApi()
            expect(data.settings).toMatchObject({
              user: "sandbox",
              branch: 1,
              enabled: true,
              password_set: true,
              token_set: true,
            })
            // After a reload the page says so too, and the stored password is still the right one.
            await page.reload()
            await settings
              .getByText(/^Credentials accepted /)
              .waitFor({ timeout: FIRST_LOAD_MS })
            await editSettings()
            expect(await password.inputValue()).toBe("")
            expect(await password.getAttribute("placeholder")).toBe(
              "Set: leave empty to keep it"
            )
            await closeDialog(settingsForm)
            await settings
              .getByRole("button", { name: "Test credentials" })
              .click()
            await waitForToast(
              page,
              "The benefits program accepted the user, password and branch.",
              "success"
            )
            expect(setupCalls().at(-1)!.body).toEqual(PROGRAM_CREDENTIALS)
          }
        )

        await step(
          "no answer of the benefits API showed the password",
          async () => {
            const answers = await Promise.all(benefitAnswers)
            expect(
              answers.filter((a) => a.url.includes("/admin/benefits/settings"))
                .length
            ).toBeGreaterThanOrEqual(4)
            for (const a of answers) {
              expect({
                url: a.url,
                password:
                  a.body.includes(PROGRAM_CREDENTIALS.password) ||
                  a.body.includes(WRONG_PASSWORD),
              }).toEqual({
                url: a.url,
                password: false,
              })
            }
          }
        )

        await step('add the benefit "Club 10%" through the form', async () => {
          const form = page.locator(RULE_FORM)
          const addBenefit = () =>
            page
              .locator(RULES)
              .getByRole("button", { name: "Add benefit", exact: true })
              .click()
          await addBenefit()
          await form.waitFor({ timeout: UI_MS })
          await form.locator("#rule-name").fill("Club 10%")
          await form.locator("#rule-code").fill("501")
          expect(
            await form.getByRole("combobox", { name: "Kind" }).innerText()
          ).toBe("Percentage")
          await form
            .getByText("Percent", { exact: true })
            .waitFor({ timeout: UI_MS })
          await form.locator("#rule-value").fill("10")
          await form.locator("#rule-cap").fill("50")
          await form.locator("#rule-min").fill("50")
          // What the percentage is computed on: products by default, in plain words with the example.
          const appliesTo = form.locator(APPLIES_TO)
          await appliesTo
            .getByText("Discount on", { exact: true })
            .waitFor({ timeout: UI_MS })
          const products = appliesTo.getByRole("radio", {
            name: "Products",
            exact: true,
          })
          const productsAndShipping = appliesTo.getByRole("radio", {
            name: "Products and shipping",
            exact: true,
          })
          expect(await products.getAttribute("aria-checked")).toBe("true")
          expect(await productsAndShipping.getAttribute("aria-checked")).toBe(
            "false"
          )
          await appliesTo
            .getByText(/Q 25 shipping: Q 6\.00 off/)
            .waitFor({ timeout: UI_MS })
          await appliesTo
            .getByText(/Q 25 shipping: Q 8\.50 off/)
            .waitFor({ timeout: UI_MS })
          await page.setViewportSize(LAPTOP)
          await shot(page, "benefits-4a-rule-form")
          // A fixed amount does not depend on it: the choice goes away, and comes back with the percentage.
          await form.getByRole("combobox", { name: "Kind" }).click()
          await page.getByRole("option", { name: "Fixed GTQ" }).click()
          await appliesTo.waitFor({ state: "detached", timeout: UI_MS })
          await form.getByRole("combobox", { name: "Kind" }).click()
          await page.getByRole("option", { name: "Percentage" }).click()
          await appliesTo.waitFor({ timeout: UI_MS })
          expect(await products.getAttribute("aria-checked")).toBe("true")
          await form
            .getByRole("button", { name: "Create", exact: true })
            .click()
          await waitForToast(page, 'Benefit "Club 10%" created', "success")
          await form.waitFor({ state: "detached", timeout: UI_MS })
          const rows = await waitForRows(page, RULES, 1, "the benefits table")
          // What the page renders: the narrow symbol "Q" and a no-break space, as Medusa's own cards.
          expect(rows).toEqual([
            [
              "Club 10%",
              "501",
              `10 % of products, up to Q${NBSP}50.00, from Q${NBSP}50.00`,
              "",
              "Delete",
            ],
          ])
          expect(rows[0][2]).toBe(
            `10 % of products, up to ${money(50)}, from ${money(50)}`
          )
          // The form is cleared for the next one.
          await addBenefit()
          await form.waitFor({ timeout: UI_MS })
          expect(await form.locator("#rule-name").inputValue()).toBe("")
          await closeDialog(form)

          const rules = await rulesOverApi()
          expect(rules).toEqual([
            expect.objectContaining({
              code: 501,
              name: "Club 10%",
              kind: "percentage",
              value: 10,
              applies_to: "items",
              cap: 50,
              min_total: 50,
              active: true,
            }),
          ])
          ruleId = rules[0].id
          expect(
            await page.locator(RULES).getByText("No benefits yet.").count()
          ).toBe(0)
          await shot(page, "benefits-4-rule-added")
          await shotOf(page.locator(RULES), "benefits-4-rules-card")
          await page.setViewportSize(DESKTOP)
        })

        await step("switch the benefit off and on again", async () => {
          const active = page
            .locator(RULES)
            .getByRole("switch", { name: "Active: Club 10%" })
          expect(await active.getAttribute("aria-checked")).toBe("true")
          await active.click()
          await page
            .locator(RULES)
            .locator('[role="switch"][aria-checked="false"]')
            .waitFor({ timeout: UI_MS })
          expect(
            (await api.get(`/admin/benefits/rules/${ruleId}`, ctx.admin)).data
              .rule.active
          ).toBe(false)
          expect(
            (await api.get("/admin/benefits/rules?active=true", ctx.admin)).data
              .rules
          ).toEqual([])
          await active.click()
          await page
            .locator(RULES)
            .locator('[role="switch"][aria-checked="true"]')
            .waitFor({ timeout: UI_MS })
          expect(
            (await api.get(`/admin/benefits/rules/${ruleId}`, ctx.admin)).data
              .rule.active
          ).toBe(true)
        })

        await step(
          "a storefront applies a loyalty card to a GTQ cart and the customer pays through a link",
          async () => {
            const cart = await createCart(
              api,
              ctx.seed.publishableKey,
              ctx.seed.gtqRegionId,
              [{ variant_id: ctx.seed.variantId, quantity: 2 }]
            )
            const res = await applyBenefit(
              api,
              ctx.seed.publishableKey,
              cart.id,
              { card: CARD, rule_id: ruleId }
            )
            expect({ status: res.status, message: res.data?.message }).toEqual({
              status: 200,
              message: undefined,
            })
            expect(res.data.cart.total).toBe(180)
            expect(res.data.benefit).toMatchObject({
              status: "authorized",
              card: "•••• 5678",
              discount: 20,
              total: 200,
            })
            applied = res.data.benefit
            expect(applied.authorization).toBeTruthy()
            expect(applied.confirmation).toBeTruthy()

            const { data } = await createPaymentLink(
              api,
              ctx.seed.publishableKey,
              cart.id,
              PROVIDERS.gatewayA
            )
            expect(data.payment_session.data.amount).toBe("180.00")
            const back = await followReturn(
              api,
              await pressOnHostedPage(data.payment_session.data.url, "pay")
            )
            expect(back.status).toBe(200)
            orderId = orderIdFrom(landedAt(back))

            // order.placed is handled after the return's request: wait for the subscriber's work.
            const redemptions = await eventually(
              async () =>
                (
                  await api.get(
                    `/admin/benefits/redemptions?order_id=${orderId}`,
                    ctx.admin
                  )
                ).data.redemptions as any[],
              (list) => list[0]?.status === "redeemed",
              20_000
            )
            expect(redemptions).toEqual([
              expect.objectContaining({
                status: "redeemed",
                order_id: orderId,
                card_last4: "5678",
                authorization: applied.authorization,
                confirmation: applied.confirmation,
              }),
            ])
          }
        )

        await step(
          "the redemptions table shows the card's last four, the status and the program's codes",
          async () => {
            await page.goto("/app/loyalty-benefits")
            const rows = await waitForRows(
              page,
              REDEMPTIONS,
              1,
              "the redemptions table",
              FIRST_LOAD_MS
            )
            expect(rows).toEqual([
              [
                "•••• 5678",
                `${money(20)} of ${money(200)}`,
                "Redeemed",
                applied.authorization,
                applied.confirmation,
                "View order",
              ],
            ])
            expect(rows[0][1]).toBe(`Q${NBSP}20.00 of Q${NBSP}200.00`)
            await noFullCard(page)
            await shot(page, "benefits-5-redeemed")
            await shotOf(
              page.locator(REDEMPTIONS),
              "benefits-5-redemptions-card"
            )
          }
        )

        await step(
          '"View order" opens the order, whose "Loyalty benefit" widget has the same codes',
          async () => {
            await page
              .locator(REDEMPTIONS)
              .getByRole("link", { name: "View order" })
              .click()
            await page.waitForURL(new RegExp(`/app/orders/${orderId}$`), {
              timeout: UI_MS,
            })
            const widget = page.locator(ORDER_WIDGET)
            await widget.waitFor({ timeout: FIRST_LOAD_MS })
            await widget
              .getByRole("heading", { name: "Loyalty benefit" })
              .waitFor({ timeout: UI_MS })
            const lines = (await widget.innerText())
              .split("\n")
              .map((l) => l.trim())
              .filter(Boolean)
            expect(lines).toEqual([
              "Loyalty benefit",
              "Redeemed",
              `Card •••• 5678 · ${money(20)} off ${money(200)}`,
              `Authorization ${applied.authorization}`,
              `Confirmation ${applied.confirmation}`,
            ])
            // The payment link on the same page paid the discounted total (that widget writes es-GT amounts).
            await page
              .locator('[data-testid="paylink-order-widget"]')
              .getByText(gtq(180))
              .first()
              .waitFor({ timeout: UI_MS })
            await noFullCard(page)
            await shot(page, "benefits-6-order")
            await shotOf(widget, "benefits-6-order-widget")
          }
        )

        await step(
          "delete the benefit through its prompt: the row goes, the redemption stays",
          async () => {
            await page.goto("/app/loyalty-benefits")
            await waitForRows(
              page,
              RULES,
              1,
              "the benefits table",
              FIRST_LOAD_MS
            )
            await page
              .locator(RULES)
              .getByRole("button", { name: "Delete" })
              .click()
            const prompt = page.getByRole("alertdialog")
            await prompt.waitFor({ timeout: UI_MS })
            const text = await prompt.innerText()
            expect(text).toContain('Delete benefit "Club 10%"?')
            expect(text).toContain("Customers will no longer see it.")
            await shot(page, "benefits-7-delete-prompt")
            await prompt.getByRole("button", { name: "Delete" }).click()
            await prompt.waitFor({ state: "detached", timeout: UI_MS })
            await waitForRows(page, RULES, 0, "the benefits table")
            await page
              .locator(RULES)
              .getByText("No benefits yet.")
              .waitFor({ timeout: UI_MS })
            expect(await rulesOverApi()).toEqual([])
            const gone = await api
              .get(`/admin/benefits/rules/${ruleId}`, ctx.admin)
              .catch((e: any) => e.response)
            expect(gone.status).toBe(404)
            // A soft delete: the redemption keeps its rule and stays listed.
            await waitForRows(page, REDEMPTIONS, 1, "the redemptions table")
            await shot(page, "benefits-8-deleted")
          }
        )

        await step(
          'in Spanish: "Descuento sobre: Productos / Productos y envío", and the table says which',
          async () => {
            await page.setViewportSize(LAPTOP)
            await switchToSpanish(page)
            await page.goto("/app/loyalty-benefits")
            await waitForRows(
              page,
              RULES,
              0,
              "the benefits table",
              FIRST_LOAD_MS
            )
            await page
              .locator(RULES)
              .getByRole("button", { name: "Agregar beneficio", exact: true })
              .click()
            const form = page.locator(RULE_FORM)
            await form.waitFor({ timeout: UI_MS })
            await form.locator("#rule-name").fill("Club 5% con envío")
            await form.locator("#rule-code").fill("502")
            await form.locator("#rule-value").fill("5")
            const appliesTo = form.locator(APPLIES_TO)
            await appliesTo
              .getByText("Descuento sobre", { exact: true })
              .waitFor({ timeout: UI_MS })
            const products = appliesTo.getByRole("radio", {
              name: "Productos",
              exact: true,
            })
            const productsAndShipping = appliesTo.getByRole("radio", {
              name: "Productos y envío",
              exact: true,
            })
            expect(await products.getAttribute("aria-checked")).toBe("true")
            await appliesTo
              .getByText(/Q 25 de envío: Q 6\.00 de descuento/)
              .waitFor({ timeout: UI_MS })
            await productsAndShipping.click()
            expect(await productsAndShipping.getAttribute("aria-checked")).toBe(
              "true"
            )
            expect(await products.getAttribute("aria-checked")).toBe("false")
            await shot(page, "benefits-9-rule-form-es")
            await form
              .getByRole("button", { name: "Crear", exact: true })
              .click()
            await form.waitFor({ state: "detached", timeout: UI_MS })
            const rows = await waitForRows(page, RULES, 1, "the benefits table")
            expect(rows[0].slice(0, 3)).toEqual([
              "Club 5% con envío",
              "502",
              "5 % sobre productos y envío",
            ])
            expect(await rulesOverApi()).toEqual([
              expect.objectContaining({
                name: "Club 5% con envío",
                applies_to: "items_and_shipping",
              }),
            ])
            await shot(page, "benefits-9-rules-es")
          }
        )

        await step(
          "no answer of the benefits API carried the full card",
          async () => {
            for (const a of await Promise.all(benefitAnswers)) {
              expect({
                url: a.url,
                card: a.body.includes(CARD_DIGITS) || a.body.includes(CARD),
              }).toEqual({ url: a.url, card: false })
            }
          }
        )
      } finally {
        await context.close()
      }
    })
  },
  { cwd: HOST_DIR, startSandbox: host.startSandbox, timeoutMs: 300_000 }
)

/** The full card number is nowhere in the page's text or markup, with or without spaces. */
async function noFullCard(page: Page) {
  const text = await page.evaluate(() => document.body.innerText)
  const html = await page.content()
  for (const [where, s] of [
    ["text", text],
    ["markup", html],
  ] as const) {
    expect({
      where,
      full: s.includes(CARD),
      digits: s.replace(/[\s\u00a0-]/g, "").includes(CARD_DIGITS),
    }).toEqual({
      where,
      full: false,
      digits: false,
    })
  }
}
