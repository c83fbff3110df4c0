/**
 * Bad input never becomes a 500, echoes stay short, return links stay out of the logs, and the
 * small answers say the truth.
 *
 * The app boots with NODE_ENV=staging: under "test" Medusa writes no HTTP request log at all, and
 * staging writes the same one as production (one JSON line per request on stdout, morgan's `url`
 * and `referrer`), which is where a full return address, `sig` included, used to end up.
 */
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { paylinkSuite } from "../helpers/suite"
import { PROVIDERS } from "../helpers/seed"
import {
  createCart,
  createPaymentLink,
  followReturn,
  orderIdFrom,
  pressOnHostedPage,
  storeHeaders,
  landedAt,
} from "../helpers/storefront"

/** Longest run of one echoed input a message may hold (60 characters and an ellipsis). */
const ECHO_MAX = 61

paylinkSuite(
  (ctx) => {
    const { api } = ctx
    const fail = (e: any) => e.response
    const store = () => storeHeaders(ctx.seed.publishableKey)
    const oneCart = (quantity = 1) =>
      createCart(api, ctx.seed.publishableKey, ctx.seed.gtqRegionId, [
        { variant_id: ctx.seed.variantId, quantity },
      ])
    const checkoutsOfCart = async (cartId: string) =>
      (
        await api.get(
          `/admin/paylink/checkouts?cart_id=${cartId}&order=number`,
          ctx.admin
        )
      ).data.checkouts as any[]
    /** The success and cancel addresses the plugin gave the gateway for the n-th link made. */
    const redirection = (n: number) =>
      (
        ctx.sandbox.requests.filter(
          (r) => r.endpoint !== "discount" && r.endpoint !== "setup"
        )[n].body as any
      ).redirection

    describe("admin list parameters (C.9)", () => {
      const LISTS = [
        "/admin/paylink/checkouts",
        "/admin/benefits/redemptions",
        "/admin/benefits/rules",
      ]
      const BAD: [string, string][] = [
        ["limit=-1", "limit"],
        ["offset=-5", "offset"],
        ["limit=abc", "limit"],
        ["limit=1e400", "limit"],
        ["offset=99999999999999999999", "offset"],
        ["created_at[$gte]=notadate", "created_at"],
        ["created_at[$lte]=2026-13-45", "created_at"],
        ["created_at[$lte]=2026-02-30", "created_at"],
        ["created_at=yesterday", "created_at"],
      ]

      it.each(LISTS)(
        "%s answers 400 naming the parameter, never a 500",
        async (path) => {
          const answers: Record<string, unknown> = {}
          for (const [query, param] of BAD) {
            const res = await api.get(`${path}?${query}`, ctx.admin).catch(fail)
            answers[query] = {
              status: res.status,
              names: String(res.data?.message).includes(param),
            }
          }
          expect(answers).toEqual(
            Object.fromEntries(
              BAD.map(([query]) => [query, { status: 400, names: true }])
            )
          )
        }
      )

      it("still takes what the admin sends: pages, ISO date ranges and plain dates", async () => {
        const since = encodeURIComponent(
          new Date(Date.now() - 86_400_000).toISOString()
        )
        for (const path of [
          "/admin/paylink/checkouts",
          "/admin/benefits/redemptions",
        ]) {
          const res = await api.get(
            `${path}?limit=5&offset=0&created_at[$gte]=${since}&created_at[$lte]=2099-12-31`,
            ctx.admin
          )
          expect(res.status).toBe(200)
          expect(res.data).toMatchObject({ limit: 5, offset: 0 })
        }
        const rules = await api.get(
          `/admin/benefits/rules?limit=0&offset=10`,
          ctx.admin
        )
        expect(rules.status).toBe(200)
      })

      it("refuses a link number too large for its column with a 400, not a database error", async () => {
        const res = await api
          .get(`/admin/paylink/checkouts?number=99999999999`, ctx.admin)
          .catch(fail)
        expect(res.status).toBe(400)
        expect(res.data.message).toContain("number")
      })
    })

    describe("return links stay out of the logs (C.10)", () => {
      it("writes no return signature to the HTTP request log, for a paid, a canceled or a refused return", async () => {
        const logger = ctx
          .getContainer()
          .resolve(ContainerRegistrationKeys.LOGGER) as any
        const lines: string[] = []
        const write = process.stdout.write
        const capture = jest
          .spyOn(process.stdout, "write")
          .mockImplementation(function (
            this: unknown,
            chunk: any,
            ...rest: any[]
          ) {
            lines.push(String(chunk))
            return (write as any).call(process.stdout, chunk, ...rest)
          })
        const http = jest
          .spyOn(logger, "http")
          .mockImplementation(
            (message: unknown) => void lines.push(String(message))
          )
        const raised = !logger.shouldLog("http")
        if (raised) logger.setLogLevel("http")
        const sigs: string[] = []
        try {
          const paid = await oneCart()
          const link = (
            await createPaymentLink(
              api,
              ctx.seed.publishableKey,
              paid.id,
              PROVIDERS.gatewayA
            )
          ).data.payment_session
          const success = await pressOnHostedPage(link.data.url, "pay")
          expect(landedAt(await followReturn(api, success))).toMatch(
            /\/order\/[^/]+\/confirmed$/
          )
          const canceled = await oneCart()
          const other = (
            await createPaymentLink(
              api,
              ctx.seed.publishableKey,
              canceled.id,
              PROVIDERS.subscription
            )
          ).data.payment_session
          const cancel = await pressOnHostedPage(other.data.url, "cancel")
          expect(landedAt(await followReturn(api, cancel))).toContain(
            "/checkout?step=payment"
          )
          // A tampered one (refused, 403) and one at a path no route serves.
          const tampered = success.replace("outcome=success", "outcome=cancel")
          expect((await followReturn(api, tampered)).status).toBe(403)
          await followReturn(
            api,
            success.replace("/paylink/return/", "/paylink/return/x/")
          )
          // The access log is written when the answer is finished.
          await new Promise((r) => setTimeout(r, 200))
          sigs.push(
            ...[success, cancel].map((u) => new URL(u).searchParams.get("sig")!)
          )
        } finally {
          if (raised) logger.unsetLogLevel()
          capture.mockRestore()
          http.mockRestore()
        }
        const returns = lines.filter((l) => l.includes("/paylink/return/"))
        // The request log was there to be read: one line per return at least.
        expect(returns.length).toBeGreaterThanOrEqual(4)
        expect(sigs.every((s) => s && s.length >= 20)).toBe(true)
        for (const sig of sigs) {
          expect(
            lines.filter(
              (l) => l.includes(sig) || l.includes(encodeURIComponent(sig))
            )
          ).toEqual([])
        }
        // What stays is what helps to follow a return: the outcome, amount, currency and expiry.
        expect(returns.find((l) => l.includes("outcome=success"))).toMatch(
          /amount=\d+&currency=GTQ&exp=\d+&sig=\[redacted\]/
        )
      })
    })

    describe("clear small errors (C.12)", () => {
      it("answers 404 for a payment collection that does not exist on the payment-sessions route", async () => {
        const res = await api
          .post(
            `/store/payment-collections/pay_col_doesnotexist/payment-sessions`,
            { provider_id: PROVIDERS.gatewayA },
            store()
          )
          .catch(fail)
        expect(res.status).toBe(404)
        // The store answers the customer's sentence; the id is in the log line.
        expect(res.data.code).toBe("paylink.cart_not_found")
        expect(ctx.sandbox.requests).toHaveLength(0)
      })

      it("quotes at most 60 characters of a 5,000-character provider_id, on every route that takes one", async () => {
        const long = `pp_paylink-${"x".repeat(5000)}`
        const cart = await oneCart()
        const {
          data: { payment_collection },
        } = await api.post(
          "/store/payment-collections",
          { cart_id: cart.id },
          store()
        )
        const { data: order } = await api.post(
          `/admin/draft-orders`,
          {
            email: "ana.lopez@example.com",
            region_id: ctx.seed.gtqRegionId,
            items: [{ variant_id: ctx.seed.variantId, quantity: 1 }],
          },
          ctx.admin
        )
        const answers = [
          await api
            .post(
              `/store/carts/${cart.id}/payment-link`,
              { provider_id: long },
              store()
            )
            .catch(fail),
          await api
            .post(
              `/store/carts/${cart.id}/payment-link`,
              { provider_id: long.slice(11) },
              store()
            )
            .catch(fail),
          await api
            .post(
              `/store/payment-collections/${payment_collection.id}/payment-sessions`,
              { provider_id: long },
              store()
            )
            .catch(fail),
          await api
            .post(
              `/admin/paylink/orders/${order.draft_order.id}/payment-links`,
              { provider_id: long },
              ctx.admin
            )
            .catch(fail),
          await api
            .get(
              `/admin/paylink/checkouts?status=${"y".repeat(5000)}`,
              ctx.admin
            )
            .catch(fail),
          await api
            .get(
              `/admin/benefits/redemptions?status=${"y".repeat(5000)}`,
              ctx.admin
            )
            .catch(fail),
        ]
        for (const res of answers) {
          expect({
            status: res.status,
            message: res.data.message.slice(0, 80),
          }).toEqual({ status: 400, message: expect.any(String) })
          expect(res.data.message.length).toBeLessThan(400)
          expect(res.data.message).not.toMatch(new RegExp(`[xy]{${ECHO_MAX}}`))
        }
        // A store route answers the customer's sentence, quoting nothing; the admin's quotes 60 characters.
        expect(answers[0].data.code).toBe("paylink.provider_unavailable")
        expect(answers[3].data.message).toContain("provider_id")
        expect(answers[3].data.message).toContain("…")
        expect(ctx.sandbox.requests).toHaveLength(0)
      })

      it("sends a cancel return that arrives after the order was placed to the order page", async () => {
        const cart = await oneCart()
        const link = (
          await createPaymentLink(
            api,
            ctx.seed.publishableKey,
            cart.id,
            PROVIDERS.gatewayA
          )
        ).data.payment_session
        const paid = await followReturn(
          api,
          await pressOnHostedPage(link.data.url, "pay")
        )
        const orderId = orderIdFrom(landedAt(paid))
        // The customer pressed "back" to the gateway and then its Cancel: the same link's cancel address.
        const late = await followReturn(api, redirection(0).cancelUrl)
        expect(late.status).toBe(200)
        expect(landedAt(late)).toBe(
          `http://localhost:8000/order/${orderId}/confirmed`
        )
        expect((await checkoutsOfCart(cart.id))[0]).toMatchObject({
          status: "completed",
          canceled_by: null,
          order_id: orderId,
        })
      })

      it("sends the cancel of an earlier link to the order page once another link placed the order", async () => {
        const cart = await oneCart()
        const first = (
          await createPaymentLink(
            api,
            ctx.seed.publishableKey,
            cart.id,
            PROVIDERS.gatewayA
          )
        ).data.payment_session
        const second = (
          await createPaymentLink(
            api,
            ctx.seed.publishableKey,
            cart.id,
            PROVIDERS.gatewayB
          )
        ).data.payment_session
        expect(second.id).not.toBe(first.id)
        const orderId = orderIdFrom(
          landedAt(
            await followReturn(
              api,
              await pressOnHostedPage(second.data.url, "pay")
            )
          )
        )
        const late = await followReturn(api, redirection(0).cancelUrl)
        expect(late.status).toBe(200)
        expect(landedAt(late)).toBe(
          `http://localhost:8000/order/${orderId}/confirmed`
        )
      })

      it("keeps canceled_by customer and its time when a retry replaces a link the customer canceled", async () => {
        const cart = await oneCart()
        const first = (
          await createPaymentLink(
            api,
            ctx.seed.publishableKey,
            cart.id,
            PROVIDERS.gatewayA
          )
        ).data.payment_session
        const back = await followReturn(
          api,
          await pressOnHostedPage(first.data.url, "cancel")
        )
        expect(landedAt(back)).toBe(
          `http://localhost:8000/checkout?step=payment&cart_id=${cart.id}`
        )
        const [canceled] = await checkoutsOfCart(cart.id)
        expect(canceled).toMatchObject({
          status: "canceled",
          canceled_by: "customer",
          canceled_at: expect.any(String),
        })

        // The customer tries again, with the same gateway and with another.
        await new Promise((r) => setTimeout(r, 20))
        const retry = (
          await createPaymentLink(
            api,
            ctx.seed.publishableKey,
            cart.id,
            PROVIDERS.gatewayA
          )
        ).data.payment_session
        expect(retry.id).not.toBe(first.id)
        await createPaymentLink(
          api,
          ctx.seed.publishableKey,
          cart.id,
          PROVIDERS.gatewayC
        )
        const [after, replaced] = await checkoutsOfCart(cart.id)
        // Withdrawn, so that paying it anyway reaches the merchant; still the customer's cancel.
        expect(after).toMatchObject({
          id: canceled.id,
          status: "withdrawn",
          canceled_by: "customer",
          canceled_at: canceled.canceled_at,
        })
        // A link the customer never canceled is the store's withdrawal.
        expect(replaced).toMatchObject({
          status: "withdrawn",
          canceled_by: "store",
        })
      })
    })
  },
  { env: { NODE_ENV: "staging" } }
)
