/**
 * The Needs attention section and the Create payment link dialog as a new merchant reads them on a
 * 1280 px wide screen, in English and in Spanish: every row's actions stay
 * inside the window; only the actions that can succeed are offered; a reason names the order as
 * "order #5" ("pedido #5"), linked to its page, in the admin's language; the dialog says "Choose a
 * gateway" when none is chosen, and offers the subscription gateway only for subscription goods.
 * Run by run.js (`node integration-tests/consumer/run.js attention-admin`).
 */
import type { Locator, Page } from "playwright-core"
import { paylinkSuite } from "../helpers/suite"
import { paidWithdrawnLink } from "../helpers/attention"
import { consumerHost } from "./host"
import { adminWithPassword } from "../helpers/admin"
import { GUEST, storeHeaders } from "../helpers/storefront"
import {
  chromiumForSpec,
  FIRST_LOAD_MS,
  merchantSession,
  shot,
  signIn,
  switchToSpanish,
  UI_MS,
} from "./dashboard"

/** The field's error under the gateway select (Medusa UI's error Hint), with exactly these words. */
async function fieldError(form: Locator, text: string) {
  const hint = form.locator(".text-ui-fg-error")
  await hint.first().waitFor({ timeout: UI_MS })
  expect((await hint.allInnerTexts()).map((t) => t.trim())).toEqual([text])
}

const host = consumerHost("attention-admin.spec.ts")
const browser = chromiumForSpec()

/** A laptop's screen: the width the section must fit. */
const WIDTH = 1280
const ROWS = '[data-testid="paylink-needs-attention-table"] tbody tr'

paylinkSuite(
  (ctx) => {
    const { api, getContainer } = ctx

    /** Each row of the section: its number, its cells' and buttons' right edges, its buttons, its reason. */
    async function readRows(page: Page) {
      return await page.locator(ROWS).evaluateAll((trs) =>
        trs.map((tr) => ({
          number: (tr.querySelector("td")?.textContent || "").trim(),
          cellsRight: Array.from(tr.querySelectorAll("td")).map((td) =>
            Math.round(td.getBoundingClientRect().right)
          ),
          buttons: Array.from(tr.querySelectorAll("button")).map((b) => ({
            text: (b.textContent || "").trim(),
            right: Math.round(b.getBoundingClientRect().right),
          })),
          reason: (
            tr.querySelector('[data-testid="paylink-attention-reason"]')
              ?.textContent || ""
          ).trim(),
          orderLinks: Array.from(
            tr.querySelectorAll('[data-testid="paylink-attention-reason"] a')
          ).map((a) => ({
            text: (a.textContent || "").trim(),
            href: a.getAttribute("href") || "",
          })),
        }))
      )
    }

    it("Needs attention at 1280 px in English and Spanish: actions in the window, only those that can succeed, the order named and linked", async () => {
      const placeable = await paidWithdrawnLink(ctx)
      const changed = await paidWithdrawnLink(ctx)
      // Its cart changes after it was paid: its total no longer matches the payment.
      await api.post(
        `/store/carts/${changed.cartId}/line-items`,
        { variant_id: ctx.seed.variantId, quantity: 1 },
        storeHeaders(ctx.seed.publishableKey)
      )
      const ordered = await paidWithdrawnLink(ctx, { alsoPayB: true })
      const order = ordered.order!

      const merchant = await adminWithPassword(
        getContainer(),
        "marta.perez@example.com",
        "Cafe-de-Huehue-2026"
      )
      const { base, context, page, step } = await merchantSession(
        browser(),
        api,
        "attention-1280-"
      )
      await page.setViewportSize({ width: WIDTH, height: 900 })
      const section = page.locator('[data-testid="paylink-needs-attention"]')

      const check = async (lang: "en" | "es") => {
        const words =
          lang === "en"
            ? {
                place: "Place order",
                refund: "Mark refunded by hand",
                order: `order #${order.display_id}`,
              }
            : {
                place: "Colocar pedido",
                refund: "Marcar como reembolsado",
                order: `pedido #${order.display_id}`,
              }
        await page.goto("/app/payment-links")
        await section.waitFor({ timeout: FIRST_LOAD_MS })
        await page.waitForFunction(
          (sel) => document.querySelectorAll(sel).length === 3,
          ROWS,
          { timeout: UI_MS }
        )
        const rows = await readRows(page)
        await shot(page, `attention-1280-${lang}`)
        // Nothing of any row past the window's right edge: no cell, no button.
        const outside = rows.flatMap((r) => [
          ...r.cellsRight.flatMap((right, i) =>
            right > WIDTH
              ? [`${r.number} cell ${i + 1} ends at ${right} px`]
              : []
          ),
          ...r.buttons.flatMap((b) =>
            b.right > WIDTH
              ? [`${r.number} "${b.text}" ends at ${b.right} px`]
              : []
          ),
        ])
        expect(outside).toEqual([])
        const byNumber = Object.fromEntries(rows.map((r) => [r.number, r]))
        const actions = (n: number) =>
          byNumber[`#${n}`].buttons
            .map((b) => b.text)
            .filter((t) => t === words.place || t === words.refund)
        // Only what can succeed: the unchanged cart can become its order; the others only be refunded.
        expect(actions(placeable.number)).toEqual([words.place, words.refund])
        expect(actions(changed.number)).toEqual([words.refund])
        expect(actions(ordered.number)).toEqual([words.refund])
        // The order the cart became, named as the admin names it and linked to its page.
        expect(byNumber[`#${ordered.number}`].orderLinks).toEqual([
          { text: words.order, href: `/app/orders/${order.id}` },
        ])
        for (const r of rows) {
          expect(r.reason).not.toMatch(/\b(cart|order)_[0-9A-Z]{6,}/)
          if (lang === "es")
            expect(r.reason).not.toMatch(/\b(was paid|the cart|refund)\b/)
        }
        // The changed cart's row says why its order cannot be placed, with the amounts (the narrow symbol in both languages).
        expect(byNumber[`#${changed.number}`].reason).toMatch(/\bQ\s?200\.00/)
      }

      try {
        await step("sign in", async () => {
          await signIn(page, context, base, merchant)
        })
        await step("in English at 1280 px", async () => {
          await check("en")
        })
        await step("in Spanish at 1280 px", async () => {
          await switchToSpanish(page)
          await check("es")
        })
      } finally {
        await context.close()
      }
    })

    it("Create payment link: no gateway chosen is a field message in the admin's language; the subscription gateway only for subscription goods", async () => {
      // The seeded product is sold by subscription; a second product, sold once, is not.
      const variantId = ctx.seed.variantId
      const product = (
        await api.get(`/admin/products?fields=id,variants.id`, ctx.admin)
      ).data.products.find((p: any) =>
        p.variants.some((v: any) => v.id === variantId)
      )
      const oneOff = (
        await api.post(
          `/admin/products`,
          {
            title: "Taza de barro",
            status: "published",
            options: [{ title: "Size", values: ["One"] }],
            variants: [
              {
                title: "One",
                options: { Size: "One" },
                manage_inventory: false,
                prices: [{ amount: 100, currency_code: "gtq" }],
              },
            ],
          },
          ctx.admin
        )
      ).data.product
      const draft = async (variant: string) =>
        (
          await api.post(
            `/admin/draft-orders`,
            {
              email: GUEST.email,
              region_id: ctx.seed.gtqRegionId,
              items: [{ variant_id: variant, quantity: 1 }],
              billing_address: GUEST.billing_address,
              shipping_address: GUEST.billing_address,
            },
            ctx.admin
          )
        ).data.draft_order.id as string
      const subscriptionDraft = await draft(variantId)
      const oneOffDraft = await draft(oneOff.variants[0].id)
      expect(product).toBeTruthy()

      const merchant = await adminWithPassword(
        getContainer(),
        "lucia.mendez@example.com",
        "Pago-por-enlace-2026"
      )
      const { base, context, page, step } = await merchantSession(
        browser(),
        api,
        "attention-create-link-"
      )
      await page.setViewportSize({ width: WIDTH, height: 900 })
      const widget = page.locator('[data-testid="paylink-order-widget"]')
      const form = page.getByTestId("paylink-create-link-form")

      /** Opens the dialog on a draft order; answers the gateways it offers. */
      const open = async (draftId: string) => {
        await page.goto(`/app/draft-orders/${draftId}`)
        await widget.waitFor({ timeout: FIRST_LOAD_MS })
        await widget.getByTestId("paylink-create-link").click()
        await form.waitFor({ timeout: UI_MS })
        await form.getByTestId("paylink-provider-select").click()
        const offered = await page.getByRole("option").allInnerTexts()
        await page.keyboard.press("Escape")
        return offered.map((o) => o.trim())
      }
      const close = async () => {
        await page.keyboard.press("Escape")
        await form.waitFor({ state: "detached", timeout: UI_MS })
      }

      try {
        await step("sign in", async () => {
          await signIn(page, context, base, merchant)
        })
        await step(
          "one-off goods: no subscription gateway; submitting with no gateway says Choose a gateway",
          async () => {
            const offered = await open(oneOffDraft)
            expect(offered.some((o) => /subscription/i.test(o))).toBe(false)
            expect(offered.length).toBeGreaterThan(0)
            await form.getByTestId("paylink-create-link-submit").click()
            await fieldError(form, "Choose a gateway")
            expect(await form.innerText()).not.toMatch(
              /provider_id|pp_paylink-/
            )
            await shot(page, "attention-create-link-no-gateway-en")
            await close()
          }
        )
        await step(
          "subscription goods: the subscription gateway is offered",
          async () => {
            const offered = await open(subscriptionDraft)
            expect(offered.some((o) => /subscription/i.test(o))).toBe(true)
            await close()
          }
        )
        await step("in Spanish: Elija una pasarela", async () => {
          await switchToSpanish(page)
          const offered = await open(oneOffDraft)
          expect(offered.some((o) => /suscripci/i.test(o))).toBe(false)
          await form.getByTestId("paylink-create-link-submit").click()
          await fieldError(form, "Elija una pasarela")
          expect(await form.innerText()).not.toMatch(/provider_id|pp_paylink-/)
          await shot(page, "attention-create-link-no-gateway-es")
          await close()
        })
      } finally {
        await context.close()
      }
    })
  },
  { cwd: host.dir, startSandbox: host.startSandbox, timeoutMs: 300_000 }
)
