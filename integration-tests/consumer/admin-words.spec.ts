/**
 * The Payment links page read by a merchant on a 1280 px laptop, in English and in Spanish: every
 * word is one the merchant knows. Rows name the customer, the order (#N) or the draft order, never
 * a raw `cart_01…` id (kept for support in a tooltip and a copy button); a failure reason is said in
 * the admin's language, not the gateway client's English; a link the customer canceled on the
 * hosted page reads "Canceled by the customer", a link the store replaced "Withdrawn"; the table
 * fits the window with no sideways scroll and no date cut short. A draft order paid through its link
 * no longer offers Medusa's "Convert to order": its page leads to the order it became.
 * Run by run.js (`node integration-tests/consumer/run.js admin-words`).
 */
import type { Page } from "playwright-core"
import { paylinkSuite } from "../helpers/suite"
import { paidStorefrontOrder } from "../helpers/orders"
import { PROVIDERS } from "../helpers/seed"
import { consumerHost } from "./host"
import { adminWithPassword } from "../helpers/admin"
import {
  createCart,
  createPaymentLink,
  followReturn,
  GUEST,
  pressOnHostedPage,
} from "../helpers/storefront"
import {
  chromiumForSpec,
  FIRST_LOAD_MS,
  merchantSession,
  shot,
  signIn,
  switchToSpanish,
  UI_MS,
} from "./dashboard"

const host = consumerHost("admin-words.spec.ts")
const browser = chromiumForSpec()

const WIDTH = 1280
const LIST = '[data-testid="paylink-checkouts"]'
const RAW_ID = /\b(cart|order)_[0-9A-Z]{6,}/

paylinkSuite(
  (ctx) => {
    const { api, getContainer } = ctx
    const key = () => ctx.seed.publishableKey
    const newCart = async () =>
      await createCart(api, key(), ctx.seed.gtqRegionId, [
        { variant_id: ctx.seed.variantId, quantity: 1 },
      ])
    const linkFor = async (cartId: string, provider: string) =>
      (await createPaymentLink(api, key(), cartId, provider)).data
        .payment_session.data as { number: number; url: string }
    const record = async (number: number) =>
      (await api.get(`/admin/paylink/checkouts?number=${number}`, ctx.admin))
        .data.checkouts[0]

    /** What the list shows: each row's cells, and what is clipped or past the window. */
    async function readList(page: Page) {
      return await page.evaluate(
        ({ sel, width }) => {
          const root = document.querySelector(sel)!
          const table = root.querySelector("table")!
          const scrollers: string[] = []
          for (let el: HTMLElement | null = table; el; el = el.parentElement) {
            if (el.scrollWidth > el.clientWidth + 1)
              scrollers.push(
                `${el.tagName}.${el.className.split(" ").slice(0, 3).join(".")} ${el.scrollWidth} > ${el.clientWidth}`
              )
          }
          const headers = Array.from(table.querySelectorAll("thead th"))
          const pastWindow = headers
            .map((th) => Math.round(th.getBoundingClientRect().right))
            .filter((right) => right > width)
          const rows = Array.from(table.querySelectorAll("tbody tr")).map(
            (tr) =>
              Array.from(tr.querySelectorAll("td")).map((td) => {
                const clipped = [td, ...Array.from(td.querySelectorAll("*"))]
                  .filter((el) => {
                    const style = getComputedStyle(el)
                    return (
                      style.overflowX !== "visible" &&
                      el.scrollWidth > el.clientWidth + 1
                    )
                  })
                  .map((el) => (el.textContent || "").trim())
                return {
                  text: (td.textContent || "").trim(),
                  clipped,
                  titles: Array.from(td.querySelectorAll("[title]")).map(
                    (el) => el.getAttribute("title") || ""
                  ),
                }
              })
          )
          return { scrollers, pastWindow, rows }
        },
        { sel: LIST, width: WIDTH }
      )
    }

    it("rows in the merchant's words, failures and cancels in the admin's language, the table within 1280 px, a paid draft leads to its order", async () => {
      // The customer cancels on the hosted page; then the cart asks for a link on gateway B, which withdraws A.
      const canceledCart = await newCart()
      const canceled = await linkFor(canceledCart.id, PROVIDERS.gatewayA)
      await followReturn(api, await pressOnHostedPage(canceled.url, "cancel"))
      expect(await record(canceled.number)).toMatchObject({
        status: "canceled",
        canceled_by: "customer",
      })
      const replacing = await linkFor(canceledCart.id, PROVIDERS.gatewayB)
      const afterwards = await record(canceled.number)
      expect(afterwards.canceled_by).toBe("customer")
      // The store replaces a link nobody canceled: withdrawn by the store.
      const withdrawnCart = await newCart()
      const withdrawn = await linkFor(withdrawnCart.id, PROVIDERS.gatewayC)
      await linkFor(withdrawnCart.id, PROVIDERS.gatewayA)
      expect(await record(withdrawn.number)).toMatchObject({
        status: "withdrawn",
        canceled_by: "store",
      })
      // The status filter as the statuses read: the customer's cancel under "Canceled by the customer" only.
      const numbersWith = async (status: string) =>
        (
          await api.get(
            `/admin/paylink/checkouts?status=${status}&limit=100`,
            ctx.admin
          )
        ).data.checkouts.map((c: any) => c.number)
      // Gateway A refuses the credentials: a failed link.
      const failedCart = await newCart()
      ctx.sandbox.failNext(1, "401", "gatewayASingle")
      await createPaymentLink(
        api,
        key(),
        failedCart.id,
        PROVIDERS.gatewayA
      ).catch(() => null)
      const failed = (
        await api.get(
          `/admin/paylink/checkouts?cart_id=${failedCart.id}&status=failed`,
          ctx.admin
        )
      ).data.checkouts[0]
      expect(failed.failure_reason).toMatch(/rejected the credentials/)
      // A storefront order, and a draft order paid through its link (it becomes an order).
      const orderId = await paidStorefrontOrder(ctx)
      const order = (
        await api.get(
          `/admin/orders/${orderId}?fields=id,display_id`,
          ctx.admin
        )
      ).data.order
      const draft = (
        await api.post(
          `/admin/draft-orders`,
          {
            email: GUEST.email,
            region_id: ctx.seed.gtqRegionId,
            items: [{ variant_id: ctx.seed.variantId, quantity: 1 }],
            billing_address: GUEST.billing_address,
            shipping_address: GUEST.billing_address,
          },
          ctx.admin
        )
      ).data.draft_order
      const draftLink = (
        await api.post(
          `/admin/paylink/orders/${draft.id}/payment-links`,
          { provider_id: PROVIDERS.gatewayB },
          ctx.admin
        )
      ).data
      const draftUrl =
        draftLink.payment_link?.url ??
        draftLink.checkout?.url ??
        draftLink.payment_session?.data?.url
      expect(draftUrl).toBeTruthy()
      await followReturn(api, await pressOnHostedPage(draftUrl, "pay"))
      const converted = (
        await api.get(
          `/admin/orders/${draft.id}?fields=id,display_id,status,is_draft_order`,
          ctx.admin
        )
      ).data.order
      expect(converted.status).toBe("pending")

      const merchant = await adminWithPassword(
        getContainer(),
        "rosa.ajcip@example.com",
        "Palabras-del-comercio-2026"
      )
      const { base, context, page, step } = await merchantSession(
        browser(),
        api,
        "words-"
      )
      await page.setViewportSize({ width: WIDTH, height: 900 })

      /** Every check runs, so one run names every word that is wrong; all must hold in the end. */
      const problems: string[] = []
      const pending: Promise<void>[] = []
      const soft = (
        lang: string,
        what: string,
        fn: () => void | Promise<void>
      ) => {
        const fail = (e: any) => {
          problems.push(
            `${lang}: ${what}: ${String(e?.message ?? e)
              .split("\n")
              .slice(0, 6)
              .join(" ")}`
          )
        }
        try {
          const done = fn()
          if (done) pending.push(done.catch(fail))
        } catch (e) {
          fail(e)
        }
      }

      const check = async (lang: "en" | "es") => {
        const w =
          lang === "en"
            ? {
                customerCancel: "Canceled by the customer",
                withdrawn: "Withdrawn",
                cartOf: `Cart of ${GUEST.email}`,
                order: `Order #${order.display_id}`,
                failedWords: /credentials/i,
                failure: "Failure reason",
              }
            : {
                customerCancel: "Cancelado por el cliente",
                withdrawn: "Retirado",
                cartOf: `Carrito de ${GUEST.email}`,
                order: `Pedido #${order.display_id}`,
                failedWords: /credenciales/i,
                failure: "Motivo del fallo",
              }
        await page.goto("/app/payment-links")
        await page
          .locator(`${LIST} tbody tr`)
          .first()
          .waitFor({ timeout: FIRST_LOAD_MS })
        await page.waitForFunction(
          (sel) =>
            document.querySelector(`${sel} [aria-busy="true"]`) === null &&
            document.querySelectorAll(`${sel} tbody tr`).length >= 6,
          LIST,
          { timeout: UI_MS }
        )
        await shot(page, `words-list-1280-${lang}`)
        const list = await readList(page)
        const byNumber = Object.fromEntries(
          list.rows.map((r) => [r[0].text, r])
        )
        const text = (n: number) => byNumber[`#${n}`].map((c) => c.text)
        // No sideways scroll, no column past the window, no date or word cut short.
        soft(lang, "no sideways scroll", () =>
          expect(list.scrollers).toEqual([])
        )
        soft(lang, "no column past the window", () =>
          expect(list.pastWindow).toEqual([])
        )
        soft(lang, "nothing cut short", () =>
          expect(
            list.rows.flatMap((r) =>
              r.flatMap((c) => c.clipped.map((t) => `${r[0].text}: ${t}`))
            )
          ).toEqual([])
        )
        // Raw ids only in tooltips (title) and copy buttons, never as the cell's words.
        soft(lang, "no raw id in the list", () =>
          expect(
            list.rows.flatMap((r) =>
              r.map((c) => c.text).filter((t) => RAW_ID.test(t))
            )
          ).toEqual([])
        )
        soft(lang, "the customer's cancel", () =>
          expect(text(canceled.number)).toContain(w.customerCancel)
        )
        soft(lang, "the store's withdrawal", () =>
          expect(text(withdrawn.number)).toContain(w.withdrawn)
        )
        soft(lang, "whose cart", () => {
          expect(text(canceled.number)).toContain(w.cartOf)
          expect(text(replacing.number)).toContain(w.cartOf)
          expect(
            byNumber[`#${canceled.number}`].flatMap((c) => c.titles)
          ).toContain(canceledCart.id)
        })
        soft(lang, "the order by its number", () =>
          expect(list.rows.some((r) => r.some((c) => c.text === w.order))).toBe(
            true
          )
        )

        // The failed link's drawer: the reason in the admin's language, no gateway client English.
        const drawer = page.getByTestId("paylink-checkout-drawer")
        const openDrawer = async (number: number) => {
          await page
            .getByRole("button", { name: new RegExp(`#${number}\\b`) })
            .first()
            .click()
          await drawer.waitFor({ timeout: UI_MS })
        }
        const closeDrawer = async () => {
          await page.keyboard.press("Escape")
          await drawer.waitFor({ state: "detached", timeout: UI_MS })
        }
        await openDrawer(failed.number)
        await shot(page, `words-failed-drawer-${lang}`)
        const drawerText = await drawer.innerText()
        const reason = await drawer
          .getByTestId("paylink-failure-reason")
          .innerText({ timeout: 2_000 })
          .catch(() => drawerText)
        soft(lang, "the failure in the admin's language", () => {
          expect(drawerText).toContain(w.failure)
          expect(reason).toMatch(w.failedWords)
          expect(reason).not.toMatch(/HTTP 401|gateway A:|rejected the/)
        })
        soft(lang, "no raw id in the failed link's drawer", () =>
          expect(drawerText).not.toMatch(RAW_ID)
        )
        await closeDrawer()

        // The customer's cancel in the drawer too.
        await openDrawer(canceled.number)
        const canceledText = await drawer.innerText()
        soft(lang, "the customer's cancel in the drawer", () => {
          expect(canceledText).toContain(w.customerCancel)
          expect(canceledText).not.toMatch(RAW_ID)
        })
        await closeDrawer()

        // The paid draft: its page no longer offers the conversion; it leads to the order.
        await page.goto(`/app/draft-orders/${draft.id}`)
        const ledToOrder = await page
          .waitForURL(new RegExp(`/app/orders/${draft.id}$`), {
            timeout: 20_000,
          })
          .then(() => true)
          .catch(() => false)
        await page.waitForTimeout(1_000)
        await shot(page, `words-draft-became-order-${lang}`)
        soft(lang, "the paid draft's page leads to its order", () =>
          expect(ledToOrder).toBe(true)
        )
        soft(lang, "no Convert to order on a paid draft", async () => {
          expect(
            await page
              .getByRole("button", { name: /Convert to order/i })
              .count()
          ).toBe(0)
        })
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
        soft("api", "the status filter as the statuses read", async () => {
          expect(await numbersWith("canceled")).toContain(canceled.number)
          expect(await numbersWith("withdrawn")).not.toContain(canceled.number)
          expect(await numbersWith("withdrawn")).toContain(withdrawn.number)
        })
        await Promise.all(pending)
        expect(problems).toEqual([])
      } finally {
        await context.close()
      }
    })
  },
  { cwd: host.dir, startSandbox: host.startSandbox, timeoutMs: 300_000 }
)
