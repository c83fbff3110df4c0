/**
 * The plugin's admin extensions in a real browser, run by integration-tests/consumer/run.js
 * (`npm run test:consumer`) after it has built the host's dashboard with `medusa build`: the
 * dashboard served by the host at /app, with the installed package's "Payment links" page and order
 * widget, driven in headless Chromium (/usr/bin/chromium, through playwright-core).
 *
 * A merchant signs in through the dashboard's own login form, finds the store's payment links on
 * the "Payment links" page (and filters them by status), and confirms a manual-mode payment from the
 * order's page; the order's payment is then captured. Then the links a customer paid after the
 * store had replaced them ("Needs attention"): the merchant places one order from the page, is
 * told why the other cannot become an order (its cart changed), and records its refund by hand.
 * Last, the list as the merchant's daily tool: filtered by origin and by creation date (a preset and
 * a custom range), a row's details drawer opened by a click and from the keyboard (the manual
 * registration told apart from the default one), then the admin switched to Spanish on the profile
 * page and the Payment links page, its statuses, its drawer and the Loyalty benefits page read in
 * Spanish, with no translation key left on screen.
 * Screenshots of each page go to PAYLINK_ADMIN_SCREENSHOTS (a temporary directory that run.js
 * prints).
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
  storeHeaders,
  landedAt,
  GUEST,
} from "../helpers/storefront"
import {
  chromiumForSpec,
  FIRST_LOAD_MS,
  gtq,
  merchantSession,
  money,
  openFromSidebar,
  shot,
  signIn,
  UI_MS,
  waitForRows as waitForTableRows,
  waitForToast,
} from "./dashboard"

const host = consumerHost("admin.spec.ts")
const HOST_DIR = host.dir

const browser = chromiumForSpec()

paylinkSuite(
  (ctx) => {
    const { api, getContainer } = ctx

    /** A guest pays 2 × GTQ 100 through a link on `providerId` and comes back: an order. */
    async function orderThrough(providerId: string) {
      const cart = await createCart(
        api,
        ctx.seed.publishableKey,
        ctx.seed.gtqRegionId,
        [{ variant_id: ctx.seed.variantId, quantity: 2 }]
      )
      const { data } = await createPaymentLink(
        api,
        ctx.seed.publishableKey,
        cart.id,
        providerId
      )
      const back = await followReturn(
        api,
        await pressOnHostedPage(data.payment_session.data.url, "pay")
      )
      expect(back.status).toBe(200)
      const orderId = orderIdFrom(landedAt(back))
      const { data: listed } = await api.get(
        `/admin/paylink/checkouts?order_id=${orderId}`,
        ctx.admin
      )
      expect(listed.checkouts).toHaveLength(1)
      return {
        orderId,
        number: listed.checkouts[0].number as number,
        checkout: listed.checkouts[0],
      }
    }

    it("shows the payment links page and the order widget, and confirms a manual-mode payment from the order's page", async () => {
      // The store's links: one paid on gateway A (return mode), one paid on gateway A in manual
      // confirmation mode, and one on gateway C nobody paid yet.
      const paid = await orderThrough(PROVIDERS.gatewayA)
      const manual = await orderThrough(PROVIDERS.gatewayAManual)
      expect(paid.checkout).toMatchObject({
        status: "completed",
        confirmation: "return",
      })
      expect(manual.checkout).toMatchObject({
        status: "completed",
        confirmation: "manual",
        confirmed_at: null,
      })
      const openCart = await createCart(
        api,
        ctx.seed.publishableKey,
        ctx.seed.gtqRegionId,
        [{ variant_id: ctx.seed.variantId, quantity: 2 }]
      )
      const open = (
        await createPaymentLink(
          api,
          ctx.seed.publishableKey,
          openCart.id,
          PROVIDERS.gatewayC
        )
      ).data.payment_session.data
      const paymentStatus = async (orderId: string) =>
        (
          await api.get(
            `/admin/orders/${orderId}?fields=id,payment_status`,
            ctx.admin
          )
        ).data.order.payment_status
      expect(await paymentStatus(manual.orderId)).not.toBe("captured")

      const merchant = await adminWithPassword(
        getContainer(),
        "marta.perez@example.com",
        "Cafe-de-Huehue-2026"
      )
      const { base, context, page, step } = await merchantSession(
        browser(),
        api
      )

      try {
        await step(
          "sign in through the dashboard's login form at /app/login",
          async () => {
            await signIn(page, context, base, merchant)
          }
        )

        await step("open the Payment links page from the sidebar", async () => {
          await openFromSidebar(page, "/app/payment-links", "Payment links")
          await page
            .getByRole("heading", { name: "Payment links", level: 1 })
            .waitFor({ timeout: UI_MS })
        })

        await step(
          "the table lists the three links with number, gateway, status, amount, origin and order or cart",
          async () => {
            const rows = await waitForRows(page, 3)
            expect(rows.map((r) => r.slice(0, 5))).toEqual([
              // Newest first.
              [
                `#${open.number}`,
                "Gateway C",
                "Created",
                money(200),
                "Storefront",
              ],
              [
                `#${manual.number}`,
                "Gateway A",
                "Awaiting confirmation",
                money(200),
                "Storefront",
              ],
              [
                `#${paid.number}`,
                "Gateway A",
                "Completed",
                money(200),
                "Storefront",
              ],
            ])
            // A storefront cart with no order is named by its customer (its id is for support, in the
            // tooltip); an order by its display number.
            expect(rows.map((r) => r[5])).toEqual([
              `Cart of ${GUEST.email}`,
              `Order #${manual.checkout.subject.order.display_id}`,
              `Order #${paid.checkout.subject.order.display_id}`,
            ])
            // Only the manual-mode link waiting for the merchant has a confirm button.
            expect(rows.map((r) => r[7])).toEqual(["", "Confirm payment", ""])
            await shot(page, "1-payment-links")
          }
        )

        await step('filter by status "Created"', async () => {
          await chooseStatus(page, "Created")
          const rows = await waitForRows(page, 1)
          expect(rows[0].slice(0, 3)).toEqual([
            `#${open.number}`,
            "Gateway C",
            "Created",
          ])
          await shot(page, "2-payment-links-created")
        })

        await step('filter by status "Completed"', async () => {
          await chooseStatus(page, "Completed")
          const rows = await waitForRows(page, 2)
          expect(rows.map((r) => r.slice(0, 3))).toEqual([
            [`#${manual.number}`, "Gateway A", "Awaiting confirmation"],
            [`#${paid.number}`, "Gateway A", "Completed"],
          ])
        })

        await step('filter by status "Expired" (none)', async () => {
          await chooseStatus(page, "Expired")
          await waitForRows(page, 0)
          await page
            .getByText("No payment links match these filters.")
            .waitFor({ timeout: UI_MS })
        })

        await step("back to all statuses", async () => {
          await chooseStatus(page, "All statuses")
          await waitForRows(page, 3)
        })

        const widget = page.locator('[data-testid="paylink-order-widget"]')
        await step(
          "the manual-mode order's page shows its link awaiting confirmation",
          async () => {
            await page.goto(`/app/orders/${manual.orderId}`)
            await widget.waitFor({ timeout: FIRST_LOAD_MS })
            await widget
              .getByText("Awaiting confirmation")
              .waitFor({ timeout: UI_MS })
            const text = await widget.innerText()
            expect(text).toContain("Payment links")
            expect(text).toContain(`#${manual.number} · Gateway A`)
            expect(text).toContain(gtq(200))
            expect(text).toContain("Customer returned")
            expect(text).not.toContain("Confirmed ")
            expect(
              await widget
                .getByRole("button", { name: "Confirm payment" })
                .count()
            ).toBe(1)
            await shot(page, "3-order-manual-awaiting")
          }
        )

        await step(
          'click "Confirm payment" and confirm in the prompt',
          async () => {
            await widget
              .getByRole("button", { name: "Confirm payment" })
              .click()
            const prompt = page.getByRole("alertdialog")
            await prompt.waitFor({ timeout: UI_MS })
            expect(await prompt.innerText()).toContain(
              `Confirm payment link #${manual.number}?`
            )
            await shot(page, "4-order-manual-prompt")
            await prompt
              .getByRole("button", { name: "Confirm payment" })
              .click()
            await prompt.waitFor({ state: "detached", timeout: UI_MS })
          }
        )

        await step(
          "the widget then shows the confirmation time and no button",
          async () => {
            await widget.getByText(/^Confirmed /).waitFor({ timeout: UI_MS })
            await widget
              .getByRole("button", { name: "Confirm payment" })
              .waitFor({ state: "detached", timeout: UI_MS })
            const text = await widget.innerText()
            expect(text).not.toContain("Awaiting confirmation")
            expect(text).toContain("Completed")
            await waitForToast(
              page,
              `Payment link #${manual.number} confirmed`,
              "success"
            )
            await shot(page, "5-order-manual-confirmed")
          }
        )

        await step("the order's payment is captured (admin API)", async () => {
          expect(await paymentStatus(manual.orderId)).toBe("captured")
          const { data } = await api.get(
            `/admin/paylink/checkouts/${manual.checkout.id}`,
            ctx.admin
          )
          expect(data.checkout.confirmed_at).toBeTruthy()
        })

        await step(
          "the return-mode order's page shows its link completed, with no confirm button",
          async () => {
            await page.goto(`/app/orders/${paid.orderId}`)
            await widget.waitFor({ timeout: FIRST_LOAD_MS })
            await widget
              .getByText(`#${paid.number} · Gateway A`)
              .waitFor({ timeout: UI_MS })
            const text = await widget.innerText()
            expect(text).toContain("Completed")
            expect(text).toContain(gtq(200))
            expect(text).not.toContain("Awaiting confirmation")
            expect(
              await widget
                .getByRole("button", { name: "Confirm payment" })
                .count()
            ).toBe(0)
            expect(await paymentStatus(paid.orderId)).toBe("captured")
            await shot(page, "6-order-return-mode")
          }
        )
      } finally {
        await context.close()
      }
    })

    /**
     * A guest asks for a link on gateway A, then for one on gateway B for the same cart (which
     * withdraws A), and pays A anyway: the record of A needs the merchant's attention.
     */
    async function paidWithdrawnLink() {
      const cart = await createCart(
        api,
        ctx.seed.publishableKey,
        ctx.seed.gtqRegionId,
        [{ variant_id: ctx.seed.variantId, quantity: 1 }]
      )
      const a = (
        await createPaymentLink(
          api,
          ctx.seed.publishableKey,
          cart.id,
          PROVIDERS.gatewayA
        )
      ).data.payment_session.data
      await createPaymentLink(
        api,
        ctx.seed.publishableKey,
        cart.id,
        PROVIDERS.gatewayB
      )
      await followReturn(api, await pressOnHostedPage(a.url, "pay"))
      const { data } = await api.get(
        `/admin/paylink/checkouts?number=${a.number}`,
        ctx.admin
      )
      expect(data.checkouts).toHaveLength(1)
      const checkout = data.checkouts[0]
      expect(checkout).toMatchObject({
        status: "needs_attention",
        order_id: null,
        amount: 100,
      })
      expect(checkout.attention_reason).toBeTruthy()
      return { cartId: cart.id, number: a.number as number, checkout }
    }

    it("lists paid links that need attention first; places one order, and records the other's refund by hand", async () => {
      const first = await paidWithdrawnLink()
      const second = await paidWithdrawnLink()
      // The second cart changes after it was paid: its total no longer matches the payment.
      await api.post(
        `/store/carts/${second.cartId}/line-items`,
        { variant_id: ctx.seed.variantId, quantity: 1 },
        storeHeaders(ctx.seed.publishableKey)
      )
      const record = async (id: string) =>
        (await api.get(`/admin/paylink/checkouts/${id}`, ctx.admin)).data
          .checkout
      // The links the store replaced (B took A's place on each cart, and adding the item withdrew B
      // on the second), as the admin API counts them.
      const withdrawnCount = (
        await api.get(`/admin/paylink/checkouts?status=withdrawn`, ctx.admin)
      ).data.count as number

      const merchant = await adminWithPassword(
        getContainer(),
        "marta.perez@example.com",
        "Cafe-de-Huehue-2026"
      )
      const { base, context, page, step } = await merchantSession(
        browser(),
        api,
        "attention-"
      )
      const section = page.locator('[data-testid="paylink-needs-attention"]')
      const row = (n: number) => page.locator(`${ATTENTION} tbody tr`).nth(n)
      const note =
        "Refunded Q100.00 in gateway A's dashboard on 22 Nov 2026, reference R-4411"
      let orderId = ""

      try {
        await step("sign in and open the Payment links page", async () => {
          await signIn(page, context, base, merchant)
          await openFromSidebar(page, "/app/payment-links", "Payment links")
          await page
            .getByRole("heading", { name: "Payment links", level: 1 })
            .waitFor({ timeout: UI_MS })
        })

        await step(
          "the Needs attention section, above the list, shows both paid links with their reasons",
          async () => {
            await section.waitFor({ timeout: UI_MS })
            const rows = await waitForAttentionRows(page, 2)
            // Oldest first; amount over gateway; the second's cart changed, so Place order cannot
            // succeed for it: not offered, and its reason says why, with the amounts.
            expect(rows.map((r) => r.slice(0, 3))).toEqual([
              [
                `#${first.number}`,
                `${money(100)}Gateway A`,
                first.checkout.attention_reason,
              ],
              [
                `#${second.number}`,
                `${money(100)}Gateway A`,
                `${second.checkout.attention_reason}Place order cannot succeed now: Link ${second.number} was paid ${money(100)}, but the cart's total is now ${money(200)}; the cart was not completed.`,
              ],
            ])
            for (const r of rows) expect(r[3]).not.toBe("—")
            expect(rows.map((r) => r[4])).toEqual([
              `Cart of ${GUEST.email}`,
              `Cart of ${GUEST.email}`,
            ])
            expect(rows.map((r) => r[5])).toEqual([
              "Place orderMark refunded by hand",
              "Mark refunded by hand",
            ])
            // The section comes before the list of every link.
            const above = await page.evaluate(() => {
              const a = document.querySelector(
                '[data-testid="paylink-needs-attention"]'
              )
              const b = document.querySelector(
                '[data-testid="paylink-checkouts-table"]'
              )
              return (
                !!a &&
                !!b &&
                !!(
                  a.compareDocumentPosition(b) &
                  Node.DOCUMENT_POSITION_FOLLOWING
                )
              )
            })
            expect(above).toBe(true)
            await shot(page, "7-needs-attention")
          }
        )

        await step(
          'the list shows them as "Needs attention", and the status filter finds them',
          async () => {
            await chooseStatus(page, "Needs attention")
            const rows = await waitForRows(page, 2)
            expect(rows.map((r) => r.slice(0, 3))).toEqual([
              [`#${second.number}`, "Gateway A", "Needs attention"],
              [`#${first.number}`, "Gateway A", "Needs attention"],
            ])
            await chooseStatus(page, "Withdrawn")
            const withdrawn = await waitForRows(page, withdrawnCount)
            for (const r of withdrawn) expect(r[2]).toBe("Withdrawn")
            await chooseStatus(page, "All statuses")
          }
        )

        await step(
          '"Place order" on the first asks for confirmation, then places its order',
          async () => {
            await row(0).getByRole("button", { name: "Place order" }).click()
            const prompt = page.getByRole("alertdialog")
            await prompt.waitFor({ timeout: UI_MS })
            const text = await prompt.innerText()
            expect(text).toContain(
              `Place the order for payment link #${first.number}?`
            )
            expect(text).toContain(money(100))
            await shot(page, "8-place-order-prompt")
            await prompt.getByRole("button", { name: "Place order" }).click()
            await prompt.waitFor({ state: "detached", timeout: UI_MS })
            await waitForToast(
              page,
              `Order placed for payment link #${first.number}`,
              "success"
            )
            const rows = await waitForAttentionRows(page, 1)
            expect(rows[0][0]).toBe(`#${second.number}`)
            await shot(page, "9-order-placed")
          }
        )

        await step(
          "the first link is completed with an order whose payment is captured (admin API)",
          async () => {
            const checkout = await record(first.checkout.id)
            expect(checkout).toMatchObject({
              status: "completed",
              settled_by: merchant.userId,
            })
            expect(checkout.order_id).toMatch(/^order_/)
            orderId = checkout.order_id
            const { data } = await api.get(
              `/admin/orders/${orderId}?fields=id,payment_status,total`,
              ctx.admin
            )
            expect(data.order).toMatchObject({
              payment_status: "captured",
              total: 100,
            })
          }
        )

        await step(
          "the second (its cart changed) offers no Place order, and says why",
          async () => {
            const rows = await waitForAttentionRows(page, 1)
            expect(rows[0][0]).toBe(`#${second.number}`)
            expect(
              await row(0).getByRole("button", { name: "Place order" }).count()
            ).toBe(0)
            expect(rows[0][2]).toContain("Place order cannot succeed now:")
            expect(rows[0][2]).toContain(
              `the cart's total is now ${money(200)}`
            )
            await shot(page, "10-place-order-not-offered")
            expect((await record(second.checkout.id)).status).toBe(
              "needs_attention"
            )
          }
        )

        await step(
          '"Mark refunded by hand" asks for a note, and refuses an empty one',
          async () => {
            await row(0)
              .getByRole("button", { name: "Mark refunded by hand" })
              .click()
            const drawer = page.getByRole("dialog")
            await drawer.waitFor({ timeout: UI_MS })
            expect(await drawer.innerText()).toContain(
              `Mark payment link #${second.number} refunded by hand`
            )
            await drawer
              .getByRole("button", { name: "Mark refunded", exact: true })
              .click()
            await drawer
              .getByText("Say how and when the customer was refunded")
              .waitFor({ timeout: UI_MS })
            expect((await record(second.checkout.id)).status).toBe(
              "needs_attention"
            )
            await shot(page, "11-mark-refunded-empty-note")
          }
        )

        await step(
          "with a note, the second link is recorded refunded by hand; the section goes away",
          async () => {
            const drawer = page.getByRole("dialog")
            await drawer.getByLabel("Note").fill(note)
            await shot(page, "12-mark-refunded-note")
            await drawer
              .getByRole("button", { name: "Mark refunded", exact: true })
              .click()
            await drawer.waitFor({ state: "detached", timeout: UI_MS })
            await waitForToast(
              page,
              `Payment link #${second.number} marked refunded by hand`,
              "success"
            )
            await section.waitFor({ state: "detached", timeout: UI_MS })
            const rows = await waitForRows(page, 4)
            const byNumber = Object.fromEntries(rows.map((r) => [r[0], r[2]]))
            expect(byNumber[`#${first.number}`]).toBe("Completed")
            expect(byNumber[`#${second.number}`]).toBe("Refunded by hand")
            await shot(page, "13-settled")
          }
        )

        await step(
          "in the list, the refunded link's details show who refunded it and the note",
          async () => {
            await page
              .getByRole("button", {
                name: `Details of payment link #${second.number}`,
                exact: true,
              })
              .hover()
            const details = page
              .locator('[data-testid="paylink-checkout-details"]')
              .first()
            await details.waitFor({ timeout: UI_MS })
            // The admin's name is read once the details open: wait for it rather than for the first paint.
            await details
              .getByText("Refunded by hand by Marta Pérez", { exact: false })
              .waitFor({ timeout: UI_MS })
            const text = await details.innerText()
            expect(text).toContain(second.checkout.attention_reason)
            expect(text).toContain("Refunded by hand by Marta Pérez")
            expect(text).toContain(note)
            await shot(page, "13b-settled-details")
            await page.mouse.move(0, 0)
          }
        )

        await step(
          "the refund is recorded with the merchant, the time and the note (admin API)",
          async () => {
            const checkout = await record(second.checkout.id)
            expect(checkout).toMatchObject({
              status: "refunded",
              order_id: null,
              settled_by: merchant.userId,
              settlement_note: note,
            })
            expect(checkout.settled_at).toBeTruthy()
          }
        )

        await step(
          "the placed order's page shows the link completed, placed by hand by the merchant",
          async () => {
            await page.goto(`/app/orders/${orderId}`)
            const widget = page.locator('[data-testid="paylink-order-widget"]')
            await widget.waitFor({ timeout: FIRST_LOAD_MS })
            await widget
              .getByText("Order placed by hand by Marta Pérez")
              .waitFor({ timeout: UI_MS })
            const text = await widget.innerText()
            expect(text).toContain(`#${first.number} · Gateway A`)
            expect(text).toContain("Completed")
            expect(text).toContain("Customer returned")
            await shot(page, "14-order-placed-by-hand")
          }
        )
      } finally {
        await context.close()
      }
    })

    it("filters the list by origin and date, opens a record's drawer (by click and keyboard), and speaks Spanish once the profile says so", async () => {
      // The store's links: a storefront order made 20 days ago on gateway A's default registration;
      // an admin link for an order's balance, paid through the `manual` registration and awaiting
      // confirmation; an admin link for a draft order nobody paid yet; a paid link that needs attention.
      const old = await orderThrough(PROVIDERS.gatewayA)
      const admin = await orderThrough(PROVIDERS.gatewayAManual)
      const draftCart = await createCart(
        api,
        ctx.seed.publishableKey,
        ctx.seed.gtqRegionId,
        [{ variant_id: ctx.seed.variantId, quantity: 2 }]
      )
      const draft = (
        await createPaymentLink(
          api,
          ctx.seed.publishableKey,
          draftCart.id,
          PROVIDERS.gatewayC
        )
      ).data.payment_session.data
      const attention = await paidWithdrawnLink()
      const merchant = await adminWithPassword(
        getContainer(),
        "marta.perez@example.com",
        "Cafe-de-Huehue-2026"
      )
      // The admin's own links are made by flows of their own; here the records are given the origin,
      // creator and draft order such links have (a draft order is an order with status "draft").
      const draftOrderId = "order_01DRAFTFORTHEI18NTEST0000"
      await ctx.dbConnection.raw(
        `update paylink_checkout set created_at = now() - interval '20 days' where id = ?`,
        [old.checkout.id]
      )
      await ctx.dbConnection.raw(
        `update paylink_checkout set origin = 'order', created_by = ? where id = ?`,
        [merchant.userId, admin.checkout.id]
      )
      await ctx.dbConnection.raw(
        `update paylink_checkout set origin = 'draft_order', created_by = ?, order_id = ? where number = ?`,
        [merchant.userId, draftOrderId, draft.number]
      )
      const all = (
        await api.get(`/admin/paylink/checkouts?limit=50`, ctx.admin)
      ).data.checkouts as any[]
      const numbers = (rows: string[][]) => rows.map((r) => r[0]).sort()
      const expected = (keep: (c: any) => boolean) =>
        all
          .filter(keep)
          .map((c) => `#${c.number}`)
          .sort()
      const adminNumbers = expected((c) => c.origin !== "storefront")
      expect(adminNumbers).toEqual(
        [`#${admin.number}`, `#${draft.number}`].sort()
      )
      const manual = all.find((c) => c.number === admin.number)
      expect(manual).toMatchObject({
        provider_id: PROVIDERS.gatewayAManual,
        confirmation: "manual",
        origin: "order",
      })
      expect(manual.checkout_id).toBeTruthy()
      expect(manual.url).toBeTruthy()

      const { base, context, page, step } = await merchantSession(
        browser(),
        api,
        "i18n-"
      )
      const drawer = page.locator('[data-testid="paylink-checkout-drawer"]')
      const list = page.locator(LIST)
      const dayMs = 24 * 60 * 60 * 1000

      try {
        await step("sign in and open the Payment links page", async () => {
          await signIn(page, context, base, merchant)
          await openFromSidebar(page, "/app/payment-links", "Payment links")
          await waitForRows(page, all.length)
        })

        await step(
          "filter by origin \"Admin link\": the order's and the draft order's links, each linked to its page",
          async () => {
            await chooseFilter(page, "Origin", "Admin link")
            const rows = await waitForRows(page, 2)
            expect(numbers(rows)).toEqual(adminNumbers)
            const byNumber = Object.fromEntries(rows.map((r) => [r[0], r]))
            expect(byNumber[`#${admin.number}`].slice(4, 6)).toEqual([
              "Order (admin)",
              `Order #${admin.checkout.subject.order.display_id}`,
            ])
            expect(byNumber[`#${draft.number}`].slice(4, 6)).toEqual([
              "Draft order (admin)",
              "View draft order",
            ])
            expect(
              await list
                .locator(`a[href="/app/draft-orders/${draftOrderId}"]`)
                .count()
            ).toBe(1)
            expect(
              await list
                .locator(`a[href="/app/orders/${admin.orderId}"]`)
                .count()
            ).toBe(1)
            await shot(page, "i18n-1-filter-admin-links")
          }
        )

        await step('filter by origin "Storefront"', async () => {
          await chooseFilter(page, "Origin", "Storefront")
          const storefront = expected((c) => c.origin === "storefront")
          expect(storefront).toContain(`#${old.number}`)
          expect(numbers(await waitForRows(page, storefront.length))).toEqual(
            storefront
          )
        })

        await step(
          'filter by creation date "Last 7 days": not the link of 20 days ago',
          async () => {
            await chooseFilter(page, "Created", "Last 7 days")
            const recent = expected((c) => c.number !== old.number)
            expect(numbers(await waitForRows(page, recent.length))).toEqual(
              recent
            )
          }
        )

        await step(
          "filter by a custom range around 20 days ago: only that link",
          async () => {
            await chooseFilter(page, "Created", "Custom")
            const popover = page
              .locator("[data-radix-popper-content-wrapper]")
              .filter({ hasText: "Starting" })
            const segments = popover.locator('[role="spinbutton"]')
            await segments.first().waitFor({ timeout: UI_MS })
            // A date field of the custom range (the dashboard's English fields read month/day/year),
            // typed year first and day last, so that it holds a whole date only once the day is in.
            const typeDate = async (first: number, d: Date) => {
              await segments.nth(first + 2).click()
              await page.keyboard.type(String(d.getFullYear()))
              await segments.nth(first).click()
              await page.keyboard.type(
                String(d.getMonth() + 1).padStart(2, "0")
              )
              await segments.nth(first + 1).click()
              await page.keyboard.type(String(d.getDate()).padStart(2, "0"))
            }
            await typeDate(0, new Date(Date.now() - 21 * dayMs))
            // The filter shows the start (its popover, modal, hides the page from roles: by text).
            await list
              .locator("button", { hasText: /^Starting / })
              .waitFor({ timeout: UI_MS })
            await typeDate(3, new Date(Date.now() - 19 * dayMs))
            await shot(page, "i18n-2-filter-custom-range-picker")
            await closeFilterPopover(page)
            const rows = await waitForRows(page, 1)
            expect(rows[0].slice(0, 5)).toEqual([
              `#${old.number}`,
              "Gateway A",
              "Completed",
              money(200),
              "Storefront",
            ])
            await shot(page, "i18n-2-filter-custom-range")
            await clearFilters(page)
            await waitForRows(page, all.length)
          }
        )

        await step(
          "a click on a row opens its drawer: number, checkout id, payment page, the manual registration, creator",
          async () => {
            await rowOf(page, admin.number).locator("td").nth(1).click()
            await drawer.waitFor({ timeout: UI_MS })
            await drawer.getByText("Marta Pérez").waitFor({ timeout: UI_MS })
            const text = await drawer.innerText()
            expect(text).toContain(`Payment link #${admin.number}`)
            expect(text).toContain("Awaiting confirmation")
            expect(text).toContain(manual.checkout_id)
            expect(text).toContain(manual.url)
            expect(text).toContain(money(200))
            expect(text).toContain("Order (admin)")
            expect(text).toContain("By hand, in the admin")
            const registration = drawer.locator(
              '[data-testid="paylink-checkout-registration"]'
            )
            expect((await registration.innerText()).trim()).toBe("manual")
            expect(await registration.getAttribute("title")).toBe(
              PROVIDERS.gatewayAManual
            )
            expect(
              await drawer
                .getByRole("link", {
                  name: `Order #${admin.checkout.subject.order.display_id}`,
                })
                .getAttribute("href")
            ).toBe(`/app/orders/${admin.orderId}`)
            expect(
              await drawer
                .getByRole("button", { name: "Copy checkout ID" })
                .count()
            ).toBe(1)
            expect(
              await drawer
                .getByRole("button", { name: "Copy payment page address" })
                .count()
            ).toBe(1)
            expect(
              await drawer
                .getByRole("button", { name: "Confirm payment" })
                .count()
            ).toBe(1)
            await shot(page, "i18n-3-drawer-manual-registration")
            await page.keyboard.press("Escape")
            await drawer.waitFor({ state: "detached", timeout: UI_MS })
          }
        )

        await step(
          "from the keyboard, a record's number opens its drawer: the default registration",
          async () => {
            await page
              .getByRole("button", {
                name: `Open payment link #${old.number}`,
                exact: true,
              })
              .focus()
            await page.keyboard.press("Enter")
            await drawer.waitFor({ timeout: UI_MS })
            const registration = drawer.locator(
              '[data-testid="paylink-checkout-registration"]'
            )
            // The main account in a merchant's words; the provider id only in the tooltip.
            expect((await registration.innerText()).trim()).toBe("Main account")
            expect(await registration.getAttribute("title")).toBe(
              PROVIDERS.gatewayA
            )
            const text = await drawer.innerText()
            expect(text).toContain(`Payment link #${old.number}`)
            expect(text).toContain("When the customer returns")
            expect(text).toContain("Storefront")
            await shot(page, "i18n-4-drawer-default-registration")
            await page.keyboard.press("Escape")
            await drawer.waitFor({ state: "detached", timeout: UI_MS })
          }
        )

        await step(
          "switch the admin to Spanish on the profile page, as a user would",
          async () => {
            await page.goto("/app/settings/profile")
            // The profile card's action menu (its "…" button), next to "Manage your profile details".
            const card = page
              .getByText("Manage your profile details")
              .locator(
                "xpath=ancestor::div[.//button[@aria-haspopup='menu']][1]"
              )
            await card
              .locator('button[aria-haspopup="menu"]')
              .first()
              .click({ timeout: FIRST_LOAD_MS })
            await page.getByRole("menuitem", { name: "Edit" }).click()
            const form = page.getByRole("dialog")
            await form.waitFor({ timeout: UI_MS })
            await form.getByRole("combobox").click()
            await page.getByRole("option", { name: "Español" }).click()
            await shot(page, "i18n-5-profile-language")
            await form
              .getByRole("button", { name: "Save", exact: true })
              .click()
            await form.waitFor({ state: "detached", timeout: UI_MS })
            await page.waitForFunction(
              () => document.documentElement.lang === "es",
              undefined,
              { timeout: UI_MS }
            )
          }
        )

        await step(
          "the Payment links page in Spanish: sidebar, headings, statuses as words, amounts in es-GT",
          async () => {
            // A new load of the dashboard: the language chosen is kept.
            await page.goto("/app/orders")
            await openFromSidebar(page, "/app/payment-links", "Enlaces de pago")
            await page
              .getByRole("heading", { name: "Enlaces de pago", level: 1 })
              .waitFor({ timeout: UI_MS })
            const section = page.locator(
              '[data-testid="paylink-needs-attention"]'
            )
            await section
              .getByRole("heading", { name: "Requiere atención" })
              .waitFor({ timeout: UI_MS })
            expect(await section.innerText()).toContain(
              "Este cliente pagó, pero su pedido no se pudo colocar automáticamente."
            )
            expect(
              await section
                .getByRole("button", { name: "Colocar pedido" })
                .count()
            ).toBe(1)
            expect(
              await section
                .getByRole("button", { name: "Marcar como reembolsado" })
                .count()
            ).toBe(1)
            const rows = await waitForRows(page, all.length)
            const byNumber = Object.fromEntries(rows.map((r) => [r[0], r]))
            expect(byNumber[`#${old.number}`].slice(1, 5)).toEqual([
              "Pasarela A",
              "Completado",
              money(200, "es"),
              "Tienda en línea",
            ])
            expect(byNumber[`#${admin.number}`].slice(2, 6)).toEqual([
              "Pendiente de confirmación",
              money(200, "es"),
              "Pedido (admin)",
              `Pedido #${admin.checkout.subject.order.display_id}`,
            ])
            expect(byNumber[`#${draft.number}`].slice(2, 6)).toEqual([
              "Creado",
              money(200, "es"),
              "Borrador de pedido (admin)",
              "Ver borrador de pedido",
            ])
            expect(byNumber[`#${attention.number}`][2]).toBe(
              "Requiere atención"
            )
            expect(byNumber[`#${admin.number}`][7]).toBe("Confirmar pago")
            const headers = await list.locator("thead th").allInnerTexts()
            expect(headers.map((h) => h.trim()).filter(Boolean)).toEqual([
              "Número",
              "Pasarela",
              "Estado",
              "Monto",
              "Origen",
              "Pedido / carrito",
              "Creado",
            ])
            await noRawKeys(page)
            await shot(page, "i18n-6-payment-links-es")
          }
        )

        await step(
          "the status filter offers the statuses in Spanish",
          async () => {
            await page.locator(`${FILTER_MENU} button`).click()
            await page
              .getByRole("menuitem", { name: "Estado", exact: true })
              .click()
            const options = await page.getByRole("listitem").allInnerTexts()
            expect(options).toEqual(
              expect.arrayContaining([
                "Requiere atención",
                "Creado",
                "Completado",
                "Vencido",
                "Reembolsado manualmente",
              ])
            )
            await shot(page, "i18n-7-status-filter-es")
            await closeFilterPopover(page)
          }
        )

        await step("the drawer in Spanish", async () => {
          await rowOf(page, admin.number, "es").locator("td").nth(1).click()
          await drawer.waitFor({ timeout: UI_MS })
          await drawer.getByText("Marta Pérez").waitFor({ timeout: UI_MS })
          const text = await drawer.innerText()
          for (const s of [
            `Enlace de pago #${admin.number}`,
            "Pendiente de confirmación",
            "ID del checkout",
            "Página de pago",
            "Cuenta de la pasarela",
            "Manual, en el admin",
            "Pedido (admin)",
            "Creado por",
            "El enlace vence",
            "Regreso del cliente",
            manual.checkout_id,
            money(200, "es"),
          ]) {
            expect(text).toContain(s)
          }
          expect(
            await drawer.getByRole("button", { name: "Confirmar pago" }).count()
          ).toBe(1)
          expect(
            await drawer.getByRole("button", { name: "Cerrar" }).count()
          ).toBe(1)
          await noRawKeys(page)
          await shot(page, "i18n-8-drawer-es")
          await page.keyboard.press("Escape")
          await drawer.waitFor({ state: "detached", timeout: UI_MS })
        })

        await step(
          "a paid link that needs attention, from its number in the section: its drawer places the order, in Spanish",
          async () => {
            const section = page.locator(
              '[data-testid="paylink-needs-attention"]'
            )
            await section
              .getByRole("button", {
                name: `Abrir el enlace de pago #${attention.number}`,
                exact: true,
              })
              .click()
            await drawer.waitFor({ timeout: UI_MS })
            const text = await drawer.innerText()
            expect(text).toContain("Por qué requiere atención")
            // The reason in Spanish, from its code (the server's English stays in attention_reason).
            expect(text).toContain(
              `El enlace ${attention.number} se pagó, pero la tienda lo había reemplazado`
            )
            expect(text).not.toContain(attention.checkout.attention_reason)
            expect(
              await drawer
                .getByRole("button", { name: "Marcar como reembolsado" })
                .count()
            ).toBe(1)
            await drawer.getByRole("button", { name: "Colocar pedido" }).click()
            const prompt = page.getByRole("alertdialog")
            await prompt.waitFor({ timeout: UI_MS })
            expect(await prompt.innerText()).toContain(
              `¿Colocar el pedido del enlace de pago #${attention.number}?`
            )
            expect(await prompt.innerText()).toContain(money(100, "es"))
            await shot(page, "i18n-9-drawer-place-order-prompt-es")
            await prompt.getByRole("button", { name: "Colocar pedido" }).click()
            await prompt.waitFor({ state: "detached", timeout: UI_MS })
            await waitForToast(
              page,
              `Pedido colocado para el enlace de pago #${attention.number}`,
              "success"
            )
            // The drawer follows the record: completed, with its order; the section has nothing left.
            await drawer
              .getByText("Completado")
              .first()
              .waitFor({ timeout: UI_MS })
            await drawer
              .getByRole("link", { name: /^Pedido #\d+$/ })
              .waitFor({ timeout: UI_MS })
            expect(
              await drawer
                .getByRole("button", { name: "Colocar pedido" })
                .count()
            ).toBe(0)
            await drawer
              .getByText(/^Pedido colocado manualmente por Marta Pérez/)
              .waitFor({ timeout: UI_MS })
            await section.waitFor({ state: "detached", timeout: UI_MS })
            await shot(page, "i18n-10-drawer-order-placed-es")
            await drawer.getByRole("button", { name: "Cerrar" }).click()
            await drawer.waitFor({ state: "detached", timeout: UI_MS })
          }
        )

        await step("the Loyalty benefits page in Spanish", async () => {
          await openFromSidebar(
            page,
            "/app/loyalty-benefits",
            "Beneficios de lealtad"
          )
          await page
            .getByRole("heading", { name: "Beneficios de lealtad", level: 1 })
            .waitFor({ timeout: UI_MS })
          const settings = page.locator('[data-testid="benefits-settings"]')
          await settings
            .getByText("Credenciales aún no aceptadas", { exact: true })
            .waitFor({ timeout: FIRST_LOAD_MS })
          expect(await settings.innerText()).toContain(
            "Credenciales del programa"
          )
          expect(
            await settings
              .getByRole("button", { name: "Probar credenciales" })
              .count()
          ).toBe(1)
          expect(
            await settings.getByRole("button", { name: "Editar" }).count()
          ).toBe(1)
          const rules = page.locator('[data-testid="benefits-rules"]')
          await rules
            .getByText("Todavía no hay beneficios.")
            .waitFor({ timeout: UI_MS })
          expect(
            await rules
              .getByRole("button", { name: "Agregar beneficio" })
              .count()
          ).toBe(1)
          await page
            .locator('[data-testid="benefits-redemptions"]')
            .getByRole("heading", { name: "Canjes recientes" })
            .waitFor({ timeout: UI_MS })
          await noRawKeys(page)
          await shot(page, "i18n-11-loyalty-benefits-es")
        })
      } finally {
        await context.close()
      }
    })
  },
  { cwd: HOST_DIR, startSandbox: host.startSandbox, timeoutMs: 420_000 }
)

const LIST = '[data-testid="paylink-checkouts"]'
const TABLE = '[data-testid="paylink-checkouts-table"]'
const FILTER_MENU = '[data-testid="paylink-checkouts-filter-menu"]'
const ATTENTION = '[data-testid="paylink-needs-attention-table"]'

/** The Needs attention table's body rows as cell texts, once it has exactly `n` rows. */
function waitForAttentionRows(page: Page, n: number) {
  return waitForTableRows(page, ATTENTION, n, "the Needs attention table")
}

/** The payment links table's body rows as cell texts, once it has exactly `n` rows (the list refetches on a filter). */
function waitForRows(page: Page, n: number) {
  return waitForTableRows(page, TABLE, n, "the payment links table")
}

/**
 * The list's status filter (Medusa UI's DataTable filters): "All statuses" clears it ("Clear all",
 * the only filter these tests set); a status is added from the filter menu (funnel → "Status"),
 * picked, and shows as the filter's value.
 */
async function chooseStatus(page: Page, label: string) {
  const list = page.locator(LIST)
  const clearAll = list.getByRole("button", { name: "Clear all", exact: true })
  if (await clearAll.count()) {
    await clearAll.click()
    await clearAll.waitFor({ state: "detached", timeout: UI_MS })
  }
  if (label === "All statuses") {
    return
  }
  await page.locator(`${FILTER_MENU} button`).click()
  await page.getByRole("menuitem", { name: "Status", exact: true }).click()
  await page
    .getByRole("listitem")
    .filter({ hasText: new RegExp(`^${label}$`) })
    .click()
  await closeFilterPopover(page)
  await list
    .getByRole("button", { name: label, exact: true })
    .waitFor({ timeout: UI_MS })
}

/**
 * Closes an open filter's popover (Escape, as the merchant would). The list keeps its rows while it
 * loads, so the popover stays open after a choice; an Escape pressed while the filter menu is still
 * closing goes to that menu, hence the retries.
 */
async function closeFilterPopover(page: Page) {
  const options = page.locator(
    "[data-radix-popper-content-wrapper] [role='listitem']"
  )
  for (let i = 0; i < 10 && (await options.count()); i++) {
    await page.keyboard.press("Escape")
    await options
      .first()
      .waitFor({ state: "detached", timeout: 1_000 })
      .catch(() => undefined)
  }
  if (await options.count()) {
    throw new Error("the filter's popover does not close on Escape")
  }
}

/** Removes every filter of the payment links list ("Clear all"). */
async function clearFilters(page: Page) {
  const clearAll = page
    .locator(LIST)
    .getByRole("button", { name: /^(Clear all|Borrar todo)$/ })
  if (await clearAll.count()) {
    await clearAll.click()
    await clearAll.waitFor({ state: "detached", timeout: UI_MS })
  }
}

/**
 * Sets one filter of the payment links list, and only that one: from the filter menu (funnel →
 * the filter), the option; a preset closes its popover, "Custom" leaves it open for the dates.
 */
async function chooseFilter(page: Page, filter: string, option: string) {
  await clearFilters(page)
  await page.locator(`${FILTER_MENU} button`).click()
  await page.getByRole("menuitem", { name: filter, exact: true }).click()
  await page
    .getByRole("listitem")
    .filter({ hasText: new RegExp(`^${option}$`) })
    .click()
  if (option !== "Custom") {
    await closeFilterPopover(page)
    await page
      .locator(LIST)
      .getByRole("button", { name: option, exact: true })
      .waitFor({ timeout: UI_MS })
  }
}

/** The list's row of a record, by the button its number is. */
function rowOf(page: Page, number: number, lang: "en" | "es" = "en") {
  const name =
    lang === "es"
      ? `Abrir el enlace de pago #${number}`
      : `Open payment link #${number}`
  return page
    .locator(`${TABLE} tbody tr`)
    .filter({ has: page.getByRole("button", { name, exact: true }) })
}

/** No translation key of the plugin shows on the page (e.g. "paylink:statuses.created", "checkouts.title"). */
async function noRawKeys(page: Page) {
  const text = await page.evaluate(() => document.body.innerText)
  const raw =
    text.match(
      /\bpaylink:[\w.]+|\b(?:checkouts|benefits|statuses|gateways|origins|list|dates|actions)\.[a-z]\w*(?:\.\w+)*/gi
    ) ?? []
  expect(raw).toEqual([])
}
