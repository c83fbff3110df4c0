/**
 * The gateways' settings page (Settings → Payment gateways) of the installed package in a real
 * browser, run by integration-tests/consumer/run.js after it has built the host's dashboard
 * (`node integration-tests/consumer/run.js gateways-admin`).
 *
 * The host's providers are configured with the sandbox's default tokens, but this spec's sandbox
 * accepts only NEW_TOKEN for gateway A: a checkout on A fails until the merchant types NEW_TOKEN in
 * the page. The merchant signs in, opens Settings → Payment gateways, sees the four gateways on the
 * store's setup in a merchant's words, saves a new token for gateway A (the page then shows only
 * its last 4, never the token; the save's own test says the token is not yet proven), presses Test
 * token, is told first what it creates (one unpaid Q 5.00 link titled as a test), and reads
 * "Passed: token proven" with the test link kept on the card; Test token on the subscription
 * gateway, whose token this sandbox refuses, says the gateway rejected it. A storefront checkout on
 * A then reaches the sandbox with NEW_TOKEN in X-Token. A plain-http address is refused on its
 * field, disabling gateway C asks first, and the page reads in Spanish once the merchant picks
 * Español in the profile. A save that changes nothing says so; a save to an unreachable address
 * warns and the card keeps the address problem; emptying the address goes back to the store's
 * setup without "Clear token"; the token field's show/hide button is in the admin's language.
 * The window is 1280 px wide. Screenshots (gateways-*.png) go to PAYLINK_ADMIN_SCREENSHOTS.
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

    it("sets gateway A's token in Settings → Payment gateways, proves it with Test token, and the next checkout sends it; the page never shows the token", async () => {
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
          "sign in and open Settings → Payment gateways from the settings sidebar",
          async () => {
            await signIn(page, context, base, merchant)
            await page.goto("/app/settings")
            await openFromSidebar(
              page,
              "/app/settings/payment-links",
              "Payment gateways"
            )
            await page
              .getByRole("heading", { name: "Payment gateways", level: 1 })
              .waitFor({ timeout: FIRST_LOAD_MS })
          }
        )

        await step(
          "the four gateways, each on the store's setup, in a merchant's words",
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
                `Access token | Set · ••••${last4[g]} | From the store's setup`,
                `Service address | ${sandboxUrl} | From the store's setup`,
                `Gateway's name in the address | ${segment[g]} | From the store's setup`,
                "Updated | Never: uses the store's setup",
              ])
            }
            await shot(page, "gateways-1-en-provider-options")
          }
        )

        await step(
          "Edit on gateway A: the drawer says the store's setup is used",
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
            ).toBe("Not set: the token from the store's setup is used")
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
                `Empty uses the store's setup (${sandboxUrl}). A new address needs the token typed again.`
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
              await f.getByText("Clear token (use the store's setup)").count()
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
              `Access token | Set · ••••${NEW_LAST4} | Set here`,
              `Service address | ${sandboxUrl} | From the store's setup`,
              "Gateway's name in the address | gateway_a | From the store's setup",
            ])
            expect(rows[3]).toMatch(
              /^Updated \| \d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2}\s[AP]M$/
            )
            // The save's own test sent no token: it says so, never "Passed".
            expect(rows[4]).toMatch(
              /^Last test \| Address answers like the service; token not yet proven — use Test token \| \d{1,2}\/\d{1,2}\/\d{4}/
            )
            expect(rows.join("\n")).not.toContain("Passed")
            // The subscription gateway has its own settings: untouched.
            expect((await rowsOf("gateway_a_subscription"))[0]).toBe(
              "Access token | Set · ••••en-a | From the store's setup"
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
              .getByText("Clear token (use the store's setup)")
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
          "Test token: the page says first what it creates; the sandbox makes one unpaid Q 5.00 test link with the token; the card says Passed and keeps the link",
          async () => {
            await toastsGone(page)
            ctx.sandbox.clearRequests()
            await card("gateway_a")
              .getByRole("button", { name: "Test token", exact: true })
              .click()
            const prompt = page.getByRole("alertdialog")
            await prompt.waitFor({ timeout: UI_MS })
            // Intl writes "Q 5.00" with a no-break space.
            const said = (await prompt.innerText()).replace(/\s/g, " ")
            expect(said).toContain("Test Gateway A's token?")
            expect(said).toContain(
              "This creates one real, unpaid payment link on Gateway A for Q 5.00, titled “Prueba de conexión de la tienda — no pagar”."
            )
            expect(said).toContain("Nobody is sent to it; do not pay it.")
            // Nothing is sent before the merchant agrees.
            expect(ctx.sandbox.requests).toHaveLength(0)
            await shot(page, "gateways-4a-test-token-prompt")
            await prompt
              .getByRole("button", { name: "Create test link", exact: true })
              .click()
            const result = card("gateway_a").locator(
              '[data-testid="gateway-check"]'
            )
            await result.waitFor({ timeout: UI_MS })
            const calls = ctx.sandbox.requests
            expect(
              calls.map((r) => [
                r.endpoint,
                r.headers["x-token"] ?? null,
                r.status,
              ])
            ).toEqual([["gatewayASingle", NEW_TOKEN, 201]])
            expect(ctx.sandbox.checkouts.size).toBe(1)
            const [made] = [...ctx.sandbox.checkouts.values()] as any[]
            expect(made.request).toMatchObject({
              amount: 5,
              description: "Prueba de conexión de la tienda — no pagar",
            })
            const url = `${sandboxUrl}${calls[0].path}`
            const lines = (await result.innerText())
              .split("\n")
              .map((l) => l.trim())
              .filter(Boolean)
            expect(lines).toEqual([
              "Test result",
              "Passed: token proven",
              `${url} created the test link ${made.id} with the token: the token is proven. Nobody is sent to it; do not pay it.`,
            ])
            expect(
              await card("gateway_a")
                .getByTestId("gateway-last-check")
                .innerText()
            ).toMatch(
              /^Last test\s+Passed: token proven\s+\d{1,2}\/\d{1,2}\/\d{4}/
            )
            const link = (
              await card("gateway_a")
                .getByTestId("gateway-test-link")
                .innerText()
            ).replace(/\s+/g, " ")
            expect(link).toContain(
              "Q 5.00 · “Prueba de conexión de la tienda — no pagar” · created "
            )
            expect(link).toContain(
              `Find it by this id in the gateway's dashboard: ${made.id}`
            )
            await shot(page, "gateways-4-test-result")
            await shotOf(card("gateway_a"), "gateways-4-gateway-a-card")
          }
        )

        await step(
          "Test token on the subscription gateway, whose token this sandbox refuses: the gateway rejected the token, never Passed",
          async () => {
            ctx.sandbox.clearRequests()
            await card("gateway_a_subscription")
              .getByRole("button", { name: "Test token", exact: true })
              .click()
            const prompt = page.getByRole("alertdialog")
            await prompt.waitFor({ timeout: UI_MS })
            expect(await prompt.innerText()).toContain(
              "It is a monthly subscription link that nobody subscribes to"
            )
            await prompt
              .getByRole("button", { name: "Create test link", exact: true })
              .click()
            const result = card("gateway_a_subscription").locator(
              '[data-testid="gateway-check"]'
            )
            await result.waitFor({ timeout: UI_MS })
            const calls = ctx.sandbox.requests
            expect(
              calls.map((r) => [r.endpoint, r.headers["x-token"], r.status])
            ).toEqual([["gatewayASubscription", PROVIDER_TOKEN_A, 401]])
            const lines = (await result.innerText())
              .split("\n")
              .map((l) => l.trim())
              .filter(Boolean)
            expect(lines).toEqual([
              "Test result",
              "Token not proven",
              `${sandboxUrl}${calls[0].path} answered 401: the gateway rejected the token. No link was created.`,
            ])
            const card4 = await card("gateway_a_subscription").innerText()
            expect(card4).not.toContain("Passed")
            expect(card4).toMatch(/Failed: token not proven\s+\d/)
            await shotOf(
              card("gateway_a_subscription"),
              "gateways-4b-subscription-token-rejected"
            )
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
              "Must be a single name, without slashes: letters, digits and . _ ~ - only."
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
              /^Last test\s+Address problem\s+\d{1,2}\/\d{1,2}\/\d{4}/
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
          "emptying gateway B's address goes back to the store's setup (address and token), without Clear token",
          async () => {
            await toastsGone(page)
            await edit("gateway_b")
            const f = form("gateway_b")
            await f
              .getByText(
                "Empty goes back to the address and token of the store's setup: the token typed for this address is removed with it."
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
              "Access token | Set · ••••en-b | From the store's setup",
              `Service address | ${sandboxUrl} | From the store's setup`,
            ])
            expect(
              await card("gateway_b")
                .getByTestId("gateway-last-check")
                .innerText()
            ).toMatch(
              /^Last test\s+Address answers like the service; token not yet proven — use Test token\s+\d/
            )
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
              "Pasarelas de pago"
            )
            await page
              .getByRole("heading", { name: "Pasarelas de pago", level: 1 })
              .waitFor({ timeout: UI_MS })
            expect(
              await card("gateway_a")
                .getByRole("heading", { level: 2 })
                .innerText()
            ).toBe("Pasarela A")
            const rows = await rowsOf("gateway_a")
            expect(rows.slice(0, 3)).toEqual([
              `Token de acceso | Configurado · ••••${NEW_LAST4} | Configurado aquí`,
              `Dirección del servicio | ${sandboxUrl} | De la configuración de la tienda`,
              "Nombre de la pasarela en la dirección | gateway_a | De la configuración de la tienda",
            ])
            expect(rows[4]).toMatch(
              /^Última prueba \| Aprobada: token comprobado \| \d{1,2}\/\d{1,2}\/\d{4}/
            )
            expect(rows[5]).toMatch(
              /^Último enlace de prueba \| Q\s5\.00 · “Prueba de conexión de la tienda — no pagar” · creado /
            )
            // es-GT dates: day first.
            expect(rows[3]).toMatch(/^Actualizada \| \d{1,2}\/\d{1,2}\/\d{4}/)
            const sub = await rowsOf("gateway_a_subscription")
            expect(sub.slice(0, 4)).toEqual([
              "Token de acceso | Configurado · ••••en-a | De la configuración de la tienda",
              `Dirección del servicio | ${sandboxUrl} | De la configuración de la tienda`,
              "Nombre de la pasarela en la dirección | gateway_a | De la configuración de la tienda",
              "Actualizada | Nunca: usa la configuración de la tienda",
            ])
            expect(sub[4]).toMatch(
              /^Última prueba \| Falló: token no comprobado \| \d{1,2}\/\d{1,2}\/\d{4}/
            )
            expect(
              await card("gateway_b")
                .getByTestId("gateway-last-check")
                .innerText()
            ).toMatch(
              /^Última prueba\s+La dirección responde como el servicio; el token aún no está comprobado — use Probar token\s+\d{1,2}\/\d{1,2}\/\d{4}/
            )
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
            for (const label of ["Probar token", "Editar"]) {
              expect(
                await card("gateway_a")
                  .getByRole("button", { name: label, exact: true })
                  .count()
              ).toBe(1)
            }
            await shot(page, "gateways-7-es")

            await card("gateway_a")
              .getByRole("button", { name: "Probar token", exact: true })
              .click()
            const prompt = page.getByRole("alertdialog")
            await prompt.waitFor({ timeout: UI_MS })
            const said = (await prompt.innerText()).replace(/\s/g, " ")
            expect(said).toContain("¿Probar el token de Pasarela A?")
            expect(said).toContain(
              "Esto crea un enlace de pago real y sin pagar en Pasarela A por Q 5.00, titulado “Prueba de conexión de la tienda — no pagar”."
            )
            await shot(page, "gateways-7a-es-test-token-prompt")
            await prompt
              .getByRole("button", {
                name: "Crear enlace de prueba",
                exact: true,
              })
              .click()
            const result = card("gateway_a").locator(
              '[data-testid="gateway-check"]'
            )
            await result
              .getByText("Aprobada: token comprobado", { exact: true })
              .waitFor({ timeout: UI_MS })
            await result
              .getByText(
                /creó el enlace de prueba \S+ con el token: el token está comprobado\. No se envía a nadie; no lo pague\.$/
              )
              .waitFor({ timeout: UI_MS })
            await shotOf(card("gateway_a"), "gateways-7b-es-gateway-a-card")

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
              .getByText("Quitar el token (usar la configuración de la tienda)")
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
