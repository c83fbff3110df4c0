/**
 * The product page's Subscription card, in a real browser: the merchant marks
 * a single variant, then the whole product, as sold by subscription; the marks are what the store
 * routes then read. Checked in English, then in Spanish (the merchant's profile language). Run by
 * run.js (`node integration-tests/consumer/run.js product-subscription-admin`).
 */
import { paylinkSuite } from "../helpers/suite"
import { consumerHost } from "./host"
import { adminWithPassword } from "../helpers/admin"
import {
  chromiumForSpec,
  FIRST_LOAD_MS,
  merchantSession,
  shotOf,
  signIn,
  switchToSpanish,
  UI_MS,
  waitForToast,
} from "./dashboard"

const host = consumerHost("product-subscription-admin.spec.ts")
const browser = chromiumForSpec()

paylinkSuite(
  (ctx) => {
    const { api, getContainer } = ctx

    const marks = async (productId: string) =>
      (
        await api.get(
          `/admin/paylink/products/${productId}/subscription`,
          ctx.admin
        )
      ).data.product

    it("marks a variant, then the whole product, as sold by subscription from the product page", async () => {
      const { data: channels } = await api.get(
        `/admin/sales-channels?name=Web`,
        ctx.admin
      )
      const { data } = await api.post(
        `/admin/products`,
        {
          title: "Chocolate de Cobán",
          status: "published",
          options: [
            { title: "Presentación", values: ["Caja mensual", "Tableta"] },
          ],
          variants: ["Caja mensual", "Tableta"].map((v, i) => ({
            title: v,
            options: { Presentación: v },
            manage_inventory: false,
            prices: [{ amount: 90 - i * 45, currency_code: "gtq" }],
          })),
          sales_channels: [{ id: channels.sales_channels[0].id }],
        },
        ctx.admin
      )
      const product = data.product
      const boxId = product.variants.find(
        (v: any) => v.title === "Caja mensual"
      ).id

      const merchant = await adminWithPassword(
        getContainer(),
        "marta@example.gt",
        "marta-password-1234"
      )
      const { base, context, page, step } = await merchantSession(
        browser(),
        api,
        "product-subscription-"
      )
      try {
        await step("sign in", () => signIn(page, context, base, merchant))
        const card = page.getByTestId("paylink-product-subscription")
        await step("the card on the product page, nothing marked", async () => {
          await page.goto(`/app/products/${product.id}`)
          await card.waitFor({ timeout: FIRST_LOAD_MS })
          await card
            .getByRole("heading", { name: "Subscription" })
            .waitFor({ timeout: UI_MS })
          // The heading renders before the product's variants arrive: wait for the third switch.
          await card.getByRole("switch").nth(2).waitFor({ timeout: UI_MS })
          expect(await card.getByRole("switch").count()).toBe(3)
          for (const s of await card.getByRole("switch").all()) {
            expect(await s.getAttribute("aria-checked")).toBe("false")
          }
        })
        await step("mark the monthly box", async () => {
          await card.getByRole("switch", { name: "Caja mensual" }).click()
          await waitForToast(page, "Subscription setting saved", "success")
          await card
            .getByRole("switch", { name: "Caja mensual", checked: true })
            .waitFor({ timeout: UI_MS })
          const stored = await marks(product.id)
          expect(
            stored.variants
              .filter((v: any) => v.sold_by_subscription)
              .map((v: any) => v.id)
          ).toEqual([boxId])
          await shotOf(card, "product-subscription-1-variant-en")
        })
        await step("mark the whole product", async () => {
          await card
            .getByRole("switch", { name: "Whole product (all variants)" })
            .click()
          await waitForToast(page, "Subscription setting saved", "success")
          await card
            .getByText("Through the whole product")
            .first()
            .waitFor({ timeout: UI_MS })
          expect(
            await card.getByRole("switch", { name: "Tableta" }).isDisabled()
          ).toBe(true)
          await card
            .getByRole("switch", { name: "Tableta", checked: true })
            .waitFor({ timeout: UI_MS })
          expect((await marks(product.id)).subscription).toBe(true)
          await shotOf(card, "product-subscription-2-product-en")
        })
        await step("the same card in Spanish", async () => {
          await switchToSpanish(page)
          await page.goto(`/app/products/${product.id}`)
          await card
            .getByRole("heading", { name: "Suscripción" })
            .waitFor({ timeout: FIRST_LOAD_MS })
          await card
            .getByText("Todo el producto (todas las variantes)")
            .waitFor({ timeout: UI_MS })
          await card
            .getByRole("switch", {
              name: "Todo el producto (todas las variantes)",
            })
            .click()
          await waitForToast(page, "Ajuste de suscripción guardado", "success")
          await card
            .getByText("Por todo el producto")
            .waitFor({ state: "detached", timeout: UI_MS })
          expect((await marks(product.id)).subscription).toBe(false)
          await shotOf(card, "product-subscription-3-es")
        })
      } finally {
        await context.close()
      }
    })
  },
  { cwd: host.dir, startSandbox: host.startSandbox, timeoutMs: 300_000 }
)
