/**
 * The gateways' credentials page (Settings → Payment links) of the installed package in a real
 * browser, run by integration-tests/consumer/run.js after it has built the host's dashboard
 * (`node integration-tests/consumer/run.js gateways-admin`).
 *
 * The host's providers are configured with the sandbox's default tokens, but this spec's sandbox
 * accepts only NEW_TOKEN for gateway A: a checkout on A fails until the merchant types NEW_TOKEN in
 * the page. The merchant signs in, opens Settings → Payment links, sees the four gateways on their
 * provider options, saves a new token for gateway A (the page then shows only its last 4, never
 * the token), presses Test (the sandbox answers 401 to the call without a token, as the service
 * does) and reads what it proved; a storefront checkout on A then reaches the sandbox with
 * NEW_TOKEN in X-Token. A plain-http base URL is refused on the base URL field, disabling gateway
 * C asks first, and the page reads in Spanish once the merchant picks Español in the profile.
 * A save that changes nothing says so; every invalid field is shown on its field; a save
 * to an unreachable address warns and the card keeps "failed its last test"; emptying the base URL
 * goes back to the provider's address and token without "Clear token"; the password field's
 * show/hide button is in the admin's language. The window is 1280 px wide.
 * Screenshots (gateways-*.png) go to PAYLINK_ADMIN_SCREENSHOTS.
 */
import { paylinkSuite } from "../helpers/suite"
import { closedPort } from "../helpers/sandbox"
import { consumerHost } from "./host"
import type { Page } from "playwright-core"
import { PROVIDERS } from "../helpers/seed"
import { adminWithPassword } from "../helpers/admin"
import { createCart, createPaymentLink } from "../helpers/storefront"
import {
  chromiumForSpec,
  FIRST_LOAD_MS,
  merchantSession,
  openFromSidebar,
  shot,
  shotOf,
  signIn,
  switchToSpanish,
  UI_MS,
  waitForToast,
} from "./dashboard"

const host = consumerHost("gateways-admin.spec.ts")

/** What this spec's sandbox accepts for gateway A; the host's provider option says "sandbox-token-a". */
const NEW_TOKEN = "gwA-admin-issued-7Hq2-Xr9T"
const NEW_LAST4 = "Xr9T"
const PROVIDER_TOKEN_A = "sandbox-token-a"

const GATEWAYS = [
  "gateway_a",
  "gateway_a_subscription",
  "gateway_b",
  "gateway_c",
] as const
const NAMES = {
  gateway_a: "Gateway A",
  gateway_a_subscription: "Gateway A (subscription)",
  gateway_b: "Gateway B",
  gateway_c: "Gateway C",
}

const browser = chromiumForSpec()

paylinkSuite(
  (ctx) => {
    const { api, getContainer } = ctx
    const sandboxUrl = `http://127.0.0.1:${host.sandboxPort}`
    const gatewaysOverApi = async () =>
      (await api.get("/admin/paylink/gateways", ctx.admin)).data
        .gateways as any[]
    const checkoutCalls = (endpoint: string) =>
      ctx.sandbox.requests.filter((r) => r.endpoint === endpoint)
    const linkOn = async (providerId: string) => {
      const cart = await createCart(
        api,
        ctx.seed.publishableKey,
        ctx.seed.gtqRegionId,
        [{ variant_id: ctx.seed.variantId, quantity: 1 }]
      )
      return await createPaymentLink(
        api,
        ctx.seed.publishableKey,
        cart.id,
        providerId
      ).catch((e: any) => e.response)
    }

    it("sets gateway A's token in Settings → Payment links, tests it, and the next checkout sends it; the page never shows the token", async () => {
      // Before: the provider option's token is not the one this sandbox accepts for A.
      const before = await linkOn(PROVIDERS.gatewayA)
      expect(before.status).not.toBe(200)
      expect(
        checkoutCalls("gatewayASingle").map((r) => [
          r.headers["x-token"],
          r.status,
        ])
      ).toEqual([[PROVIDER_TOKEN_A, 401]])

      const merchant = await adminWithPassword(
        getContainer(),
        "marta.perez@example.com",
        "Cafe-de-Huehue-2026"
      )
      const { base, context, page, step } = await merchantSession(
        browser(),
        api,
        "gateways-"
      )

      // Every answer the page gets from the gateways' API, to look for tokens in.
      const answers: Promise<{ url: string; body: string }>[] = []
      page.on("response", (r) => {
        const u = new URL(r.url())
        if (u.pathname.startsWith("/admin/paylink/gateways")) {
          answers.push(
            r.text().then(
              (body) => ({
                url: `${r.request().method()} ${u.pathname}`,
                body,
              }),
              () => ({ url: u.pathname, body: "" })
            )
          )
        }
      })

      const card = (gateway: string) =>
        page.locator(`[data-testid="gateway-${gateway}"]`)
      const form = (gateway: string) =>
        page.locator(`[data-testid="gateway-form-${gateway}"]`)
      /** A card's rows as "label | value | source" lines. */
      const rowsOf = async (gateway: string) =>
        await card(gateway)
          .locator(
            '[data-testid^="gateway-"]:not([data-testid="gateway-check"])'
          )
          .evaluateAll((rows) =>
            rows.map((row) =>
              Array.from(row.querySelectorAll("p, span"))
                .map((e) => (e.textContent || "").trim())
                .filter(Boolean)
                .join(" | ")
            )
          )
      const edit = async (gateway: string) => {
        await card(gateway)
          .getByRole("button", { name: /^(Edit|Editar)$/ })
          .click()
        await form(gateway).waitFor({ timeout: UI_MS })
      }
      const closeDrawer = async (gateway: string) => {
        await page.keyboard.press("Escape")
        await form(gateway).waitFor({ state: "detached", timeout: UI_MS })
      }

      await page.setViewportSize({ width: 1280, height: 900 })
      try {
        await step(
          "sign in and open Settings → Payment links from the settings sidebar",
          async () => {
            await signIn(page, context, base, merchant)
            await page.goto("/app/settings")
            await openFromSidebar(
              page,
              "/app/settings/payment-links",
              "Payment links"
            )
            await page
              .getByRole("heading", { name: "Payment links", level: 1 })
              .waitFor({ timeout: FIRST_LOAD_MS })
          }
        )

        await step(
          "the four gateways, each on its provider options",
          async () => {
            for (const g of GATEWAYS) await card(g).waitFor({ timeout: UI_MS })
            expect(
              await page.locator('[data-testid^="gateway-gateway_"]').count()
            ).toBe(4)
            const segment = {
              gateway_a: "gateway_a",
              gateway_a_subscription: "gateway_a",
              gateway_b: "gateway_b",
              gateway_c: "gateway_c",
            }
            const last4 = {
              gateway_a: "en-a",
              gateway_a_subscription: "en-a",
              gateway_b: "en-b",
              gateway_c: "en-c",
            }
            for (const g of GATEWAYS) {
              expect(
                await card(g).getByRole("heading", { level: 2 }).innerText()
              ).toBe(NAMES[g])
              expect(
                await card(g).getByText("Enabled", { exact: true }).count()
              ).toBe(1)
              expect(await rowsOf(g)).toEqual([
                `X-Token | Set · ••••${last4[g]} | Provider option`,
                `Base URL | ${sandboxUrl} | Provider option`,
                `Path segment | ${segment[g]} | Provider option or default`,
                "Updated | Never: provider options only",
              ])
            }
            await shot(page, "gateways-1-en-provider-options")
          }
        )

        await step(
          "Edit on gateway A: the drawer says the provider option is used",
          async () => {
            await edit("gateway_a")
            const f = form("gateway_a")
            expect(await f.getByRole("heading").first().innerText()).toBe(
              "Gateway A credentials"
            )
            expect(await f.locator("#gateway-token").getAttribute("type")).toBe(
              "password"
            )
            expect(
              await f.locator("#gateway-token").getAttribute("placeholder")
            ).toBe("Not set: the provider option's token is used")
            expect(
              await f.locator("#gateway-base-url").getAttribute("placeholder")
            ).toBe(sandboxUrl)
            expect(
              await f
                .locator("#gateway-path-segment")
                .getAttribute("placeholder")
            ).toBe("gateway_a")
            await f
              .getByText(
                `Empty uses the provider option (${sandboxUrl}). A new address needs the token typed again.`
              )
              .waitFor({ timeout: UI_MS })
            expect(
              await f
                .getByRole("switch", {
                  name: "Create payment links with this gateway",
                })
                .getAttribute("aria-checked")
            ).toBe("true")
            // No token set here yet: nothing to clear.
            expect(
              await f.getByText("Clear token (use provider option)").count()
            ).toBe(0)
          }
        )

        await step(
          "type the new token and save: the card shows only its last 4, set here",
          async () => {
            const f = form("gateway_a")
            await f.locator("#gateway-token").fill(NEW_TOKEN)
            await shot(page, "gateways-2-edit-drawer")
            await shotOf(f, "gateways-2-edit-drawer-only")
            await f.getByRole("button", { name: "Save", exact: true }).click()
            await waitForToast(
              page,
              "Gateway A saved: the next checkout uses it",
              "success"
            )
            await f.waitFor({ state: "detached", timeout: UI_MS })
            await card("gateway_a")
              .getByText(`Set · ••••${NEW_LAST4}`, { exact: true })
              .waitFor({ timeout: UI_MS })
            const rows = await rowsOf("gateway_a")
            expect(rows.slice(0, 3)).toEqual([
              `X-Token | Set · ••••${NEW_LAST4} | Set here`,
              `Base URL | ${sandboxUrl} | Provider option`,
              "Path segment | gateway_a | Provider option or default",
            ])
            expect(rows[3]).toMatch(
              /^Updated \| \d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2}\s[AP]M$/
            )
            // The subscription gateway has its own settings: untouched.
            expect((await rowsOf("gateway_a_subscription"))[0]).toBe(
              "X-Token | Set · ••••en-a | Provider option"
            )
            await noToken(page)

            // Opened again: the token is write-only, and can now be cleared.
            await edit("gateway_a")
            const again = form("gateway_a")
            expect(await again.locator("#gateway-token").inputValue()).toBe("")
            expect(
              await again.locator("#gateway-token").getAttribute("placeholder")
            ).toBe(`Set (••••${NEW_LAST4}): leave empty to keep it`)
            await again
              .getByText("Clear token (use provider option)")
              .waitFor({ timeout: UI_MS })
            await noToken(page)
            await closeDrawer("gateway_a")

            const [a] = await gatewaysOverApi()
            expect(a).toMatchObject({
              gateway: "gateway_a",
              token_set: true,
              token_last4: NEW_LAST4,
              base_url: null,
              version: 1,
            })
            await shot(page, "gateways-3-token-set")
          }
        )

        await step(
          "Save with nothing changed says so, and changes nothing (no new date, no new version)",
          async () => {
            await toastsGone(page)
            const updated = (await rowsOf("gateway_a"))[3]
            await edit("gateway_a")
            await form("gateway_a")
              .getByRole("button", { name: "Save", exact: true })
              .click()
            await waitForToast(
              page,
              "Nothing changed: Gateway A's settings are as they were.",
              "info"
            )
            await form("gateway_a").waitFor({
              state: "detached",
              timeout: UI_MS,
            })
            expect((await rowsOf("gateway_a"))[3]).toBe(updated)
            const [a] = await gatewaysOverApi()
            expect(a.version).toBe(1)
            expect(
              await page
                .locator("[data-sonner-toast]")
                .filter({ hasText: "saved" })
                .count()
            ).toBe(0)
          }
        )

        await step(
          "Test: the sandbox answers 401 without a token, and the page says what that proves",
          async () => {
            await toastsGone(page)
            ctx.sandbox.clearRequests()
            await card("gateway_a")
              .getByRole("button", { name: "Test", exact: true })
              .click()
            const result = card("gateway_a").locator(
              '[data-testid="gateway-check"]'
            )
            await result.waitFor({ timeout: UI_MS })
            // The check called the checkout endpoint once, without a token, and created nothing.
            const calls = ctx.sandbox.requests
            expect(
              calls.map((r) => [
                r.endpoint,
                r.headers["x-token"] ?? null,
                r.status,
              ])
            ).toEqual([["gatewayASingle", null, 401]])
            expect(ctx.sandbox.checkouts.size).toBe(0)
            const url = `${sandboxUrl}${calls[0].path}`
            const lines = (await result.innerText())
              .split("\n")
              .map((l) => l.trim())
              .filter(Boolean)
            expect(lines).toEqual([
              "Test result",
              "Passed",
              "The address answers like the real service. No charge was created.",
              `${url} is reachable and answered 401 to a call without a token, as the real service does.`,
              "The token itself was not checked: the service has no call that checks a token without creating a charge. The next payment link proves it.",
            ])
            await shot(page, "gateways-4-test-result")
            await shotOf(card("gateway_a"), "gateways-4-gateway-a-card")
            // The card keeps it as the last test.
            expect(
              await card("gateway_a")
                .getByTestId("gateway-last-check")
                .innerText()
            ).toMatch(/^Last test\s+Passed · \d{1,2}\/\d{1,2}\/\d{4}/)
          }
        )

        await step(
          "a storefront checkout on gateway A sends the new token in X-Token",
          async () => {
            ctx.sandbox.clearRequests()
            const res = await linkOn(PROVIDERS.gatewayA)
            expect({ status: res.status, message: res.data?.message }).toEqual({
              status: 200,
              message: undefined,
            })
            expect(res.data.payment_session.data.url).toContain(sandboxUrl)
            expect(JSON.stringify(res.data)).not.toContain(NEW_TOKEN)
            const calls = checkoutCalls("gatewayASingle")
            expect(calls.map((r) => [r.headers["x-token"], r.status])).toEqual([
              [NEW_TOKEN, 201],
            ])
          }
        )

        await step(
          "a plain-http base URL and a path with a slash are refused, each on its own field",
          async () => {
            await toastsGone(page)
            await edit("gateway_a")
            const f = form("gateway_a")
            await f.locator("#gateway-base-url").fill("http://example.com")
            await f.locator("#gateway-path-segment").fill("a/b")
            await f.locator("#gateway-token").fill(NEW_TOKEN)
            await f.getByRole("button", { name: "Save", exact: true }).click()
            const error = f.locator("#gateway-base-url-error")
            await error.waitFor({ timeout: UI_MS })
            expect(await error.innerText()).toBe(
              "Must be a full https address (plain http only for localhost, 127.0.0.1 or ::1)."
            )
            expect(
              await f.locator("#gateway-path-segment-error").innerText()
            ).toBe(
              "Must be one path segment: letters, digits and . _ ~ - only."
            )
            expect(
              await f
                .locator("#gateway-path-segment")
                .getAttribute("aria-invalid")
            ).toBe("true")
            expect(await f.locator("#gateway-token-error").count()).toBe(0)
            // On the field, not in a toast; not saved, so the drawer stays open.
            expect(
              await page
                .locator("[data-sonner-toast]")
                .filter({ hasText: "https" })
                .count()
            ).toBe(0)
            expect(await f.isVisible()).toBe(true)
            expect(
              await f.locator("#gateway-base-url").getAttribute("aria-invalid")
            ).toBe("true")
            await shot(page, "gateways-5-bad-base-url")
            await closeDrawer("gateway_a")
            const [a] = await gatewaysOverApi()
            expect(a).toMatchObject({
              base_url: null,
              path_segment: null,
              token_set: true,
              version: 1,
            })
          }
        )

        await step(
          "gateway B saved with an unreachable address: a warning, and the card says it failed its last test",
          async () => {
            await toastsGone(page)
            const port = await closedPort()
            await edit("gateway_b")
            const f = form("gateway_b")
            await f
              .locator("#gateway-base-url")
              .fill(`http://127.0.0.1:${port}`)
            await f.locator("#gateway-token").fill("wrong-token-for-b-0000")
            await f.getByRole("button", { name: "Save", exact: true }).click()
            const text = await waitForToast(
              page,
              "Gateway B saved, but it failed its test",
              "warning"
            )
            expect(text).toContain(`http://127.0.0.1:${port}`)
            expect(text).toContain("could not be reached")
            await f.waitFor({ state: "detached", timeout: UI_MS })
            const last = card("gateway_b").getByTestId("gateway-last-check")
            await last.waitFor({ timeout: UI_MS })
            expect(await last.innerText()).toMatch(
              /^Last test\s+Failed · \d{1,2}\/\d{1,2}\/\d{4}/
            )
            expect(
              await card("gateway_b")
                .getByText("Enabled", { exact: true })
                .count()
            ).toBe(1)
            await shot(page, "gateways-5b-unreachable-warning")
            await shotOf(card("gateway_b"), "gateways-5b-gateway-b-failed-card")
          }
        )

        await step(
          "emptying gateway B's base URL goes back to the provider's address and token, without Clear token",
          async () => {
            await toastsGone(page)
            await edit("gateway_b")
            const f = form("gateway_b")
            await f
              .getByText(
                "Empty goes back to the provider option's address and token: the token typed for this address is removed with it."
              )
              .waitFor({ timeout: UI_MS })
            await f.locator("#gateway-base-url").fill("")
            await f.getByRole("button", { name: "Save", exact: true }).click()
            await waitForToast(
              page,
              "Gateway B saved: the next checkout uses it",
              "success"
            )
            await f.waitFor({ state: "detached", timeout: UI_MS })
            await card("gateway_b")
              .getByText("Set · ••••en-b", { exact: true })
              .waitFor({ timeout: UI_MS })
            expect((await rowsOf("gateway_b")).slice(0, 2)).toEqual([
              "X-Token | Set · ••••en-b | Provider option",
              `Base URL | ${sandboxUrl} | Provider option`,
            ])
            expect(
              await card("gateway_b")
                .getByTestId("gateway-last-check")
                .innerText()
            ).toMatch(/^Last test\s+Passed/)
            expect(
              (await gatewaysOverApi()).find((g) => g.gateway === "gateway_b")
            ).toMatchObject({ base_url: null, token_set: false })
          }
        )

        await step(
          "disabling gateway C asks first; once confirmed, its checkouts are refused",
          async () => {
            await edit("gateway_c")
            const f = form("gateway_c")
            await f
              .getByRole("switch", {
                name: "Create payment links with this gateway",
              })
              .click()
            await f.getByRole("button", { name: "Save", exact: true }).click()
            const prompt = page.getByRole("alertdialog")
            await prompt.waitFor({ timeout: UI_MS })
            const text = await prompt.innerText()
            expect(text).toContain("Disable Gateway C?")
            expect(text).toContain(
              "No payment link can be created with Gateway C until it is enabled again."
            )
            await shot(page, "gateways-6-disable-prompt")
            await prompt
              .getByRole("button", { name: "Disable", exact: true })
              .click()
            await prompt.waitFor({ state: "detached", timeout: UI_MS })
            await waitForToast(
              page,
              "Gateway C saved: the next checkout uses it",
              "success"
            )
            await card("gateway_c")
              .getByText("Disabled", { exact: true })
              .waitFor({ timeout: UI_MS })
            expect(
              (await gatewaysOverApi()).find((g) => g.gateway === "gateway_c")
            ).toMatchObject({ enabled: false })
            ctx.sandbox.clearRequests()
            const refused = await linkOn(PROVIDERS.gatewayC)
            expect(refused.status).toBeGreaterThanOrEqual(400)
            expect(checkoutCalls("gatewayC")).toHaveLength(0)
          }
        )

        await step(
          "the merchant picks Español in the profile: the page reads in Spanish",
          async () => {
            await switchToSpanish(page)
            expect(await page.evaluate(() => localStorage.getItem("lng"))).toBe(
              "es"
            )

            await toastsGone(page)
            await openFromSidebar(
              page,
              "/app/settings/payment-links",
              "Enlaces de pago"
            )
            await page
              .getByRole("heading", { name: "Enlaces de pago", level: 1 })
              .waitFor({ timeout: UI_MS })
            expect(
              await card("gateway_a")
                .getByRole("heading", { level: 2 })
                .innerText()
            ).toBe("Pasarela A")
            const rows = await rowsOf("gateway_a")
            expect(rows.slice(0, 3)).toEqual([
              `X-Token | Configurado · ••••${NEW_LAST4} | Configurado aquí`,
              `Dirección base | ${sandboxUrl} | Opción del proveedor`,
              "Segmento de ruta | gateway_a | Opción del proveedor o predeterminado",
            ])
            // es-GT dates: day first.
            expect(rows[3]).toMatch(/^Actualizada \| \d{1,2}\/\d{1,2}\/\d{4}/)
            expect(await rowsOf("gateway_a_subscription")).toEqual([
              "X-Token | Configurado · ••••en-a | Opción del proveedor",
              `Dirección base | ${sandboxUrl} | Opción del proveedor`,
              "Segmento de ruta | gateway_a | Opción del proveedor o predeterminado",
              "Actualizada | Nunca: solo opciones del proveedor",
            ])
            expect(
              await card("gateway_b")
                .getByTestId("gateway-last-check")
                .innerText()
            ).toMatch(/^Última prueba\s+Aprobada · \d{1,2}\/\d{1,2}\/\d{4}/)
            expect(
              await card("gateway_c")
                .getByText("Desactivada", { exact: true })
                .count()
            ).toBe(1)
            expect(
              await card("gateway_a")
                .getByText("Activa", { exact: true })
                .count()
            ).toBe(1)
            for (const label of ["Probar", "Editar"]) {
              expect(
                await card("gateway_a")
                  .getByRole("button", { name: label, exact: true })
                  .count()
              ).toBe(1)
            }
            await shot(page, "gateways-7-es")

            await card("gateway_a")
              .getByRole("button", { name: "Probar", exact: true })
              .click()
            const result = card("gateway_a").locator(
              '[data-testid="gateway-check"]'
            )
            await result
              .getByText("Aprobada", { exact: true })
              .waitFor({ timeout: UI_MS })
            await result
              .getByText(
                "La dirección responde como el servicio real. No se creó ningún cobro."
              )
              .waitFor({ timeout: UI_MS })
            await result
              .getByText(
                /contestó 401 a una llamada sin token, como lo hace el servicio real\.$/
              )
              .waitFor({ timeout: UI_MS })
            await result
              .getByText(/^El token en sí no se verificó/)
              .waitFor({ timeout: UI_MS })

            await edit("gateway_a")
            const f = form("gateway_a")
            expect(await f.getByRole("heading").first().innerText()).toBe(
              "Credenciales de Pasarela A"
            )
            expect(
              await f.locator("#gateway-token").getAttribute("placeholder")
            ).toBe(
              `Configurado (••••${NEW_LAST4}): déjelo vacío para conservarlo`
            )
            await f
              .getByText("Quitar el token (usar la opción del proveedor)")
              .waitFor({ timeout: UI_MS })
            // The password field's show/hide button reads in Spanish too (Medusa UI's says "Show password").
            await f
              .getByRole("button", { name: "Mostrar token", exact: true })
              .click()
            expect(await f.locator("#gateway-token").getAttribute("type")).toBe(
              "text"
            )
            await f
              .getByRole("button", { name: "Ocultar token", exact: true })
              .click()
            expect(await f.locator("#gateway-token").getAttribute("type")).toBe(
              "password"
            )
            expect(
              await f.getByText(/Show password|Hide password/).count()
            ).toBe(0)
            await f.locator("#gateway-base-url").fill("http://example.com")
            await f.locator("#gateway-path-segment").fill("a/b")
            await f.locator("#gateway-token").fill(NEW_TOKEN)
            await f
              .getByRole("button", { name: "Guardar", exact: true })
              .click()
            await f
              .locator("#gateway-base-url-error")
              .getByText(
                "Debe ser una dirección https completa (http solo para localhost, 127.0.0.1 o ::1)."
              )
              .waitFor({ timeout: UI_MS })
            await f
              .locator("#gateway-path-segment-error")
              .waitFor({ timeout: UI_MS })
            await shot(page, "gateways-8-es-drawer")
            await closeDrawer("gateway_a")
            await noToken(page)
          }
        )

        await step(
          "no answer of the gateways' API carried a token",
          async () => {
            const all = await Promise.all(answers)
            expect(
              all.filter((a) => a.url === "GET /admin/paylink/gateways").length
            ).toBeGreaterThanOrEqual(3)
            for (const a of all) {
              expect({
                url: a.url,
                token:
                  a.body.includes(NEW_TOKEN) ||
                  a.body.includes(PROVIDER_TOKEN_A),
              }).toEqual({ url: a.url, token: false })
            }
          }
        )
      } finally {
        await context.close()
      }
    })
  },
  {
    cwd: host.dir,
    startSandbox: () => host.startSandbox({ tokens: { gatewayA: NEW_TOKEN } }),
    timeoutMs: 300_000,
  }
)

/**
 * Waits until every toast has gone by itself (a click on one would count as a click outside an
 * open drawer and close it), so that a screenshot shows what is under them.
 */

async function toastsGone(page: Page) {
  // A toast under the pointer (the drawer's Save was there) keeps itself open while hovered.
  await page.mouse.move(1, 1)
  await page.waitForFunction(
    () => document.querySelectorAll("[data-sonner-toast]").length === 0,
    undefined,
    { timeout: UI_MS }
  )
}

/** The token is nowhere in the page: not in its text, its markup, or any input's value. */
async function noToken(page: Page) {
  const text = await page.evaluate(() => document.body.innerText)
  const html = await page.content()
  const values = await page.evaluate(() =>
    Array.from(document.querySelectorAll("input")).map((i) => i.value)
  )
  expect({
    text: text.includes(NEW_TOKEN),
    html: html.includes(NEW_TOKEN),
    inputs: values.some((v) => v.includes(NEW_TOKEN)),
  }).toEqual({
    text: false,
    html: false,
    inputs: false,
  })
}
