/**
 * The consumer test's spec, run by integration-tests/consumer/run.js (`npm run test:consumer`)
 * with its working directory in the throwaway host app. The host's medusa-config registers the
 * plugin and its providers by package name, and the package is the packed build installed into
 * host/node_modules: the plugin's module (with its migrations), API routes, links, workflows and
 * providers all come from there, as do the sandbox used here.
 */
import path from "path"
import { paylinkSuite } from "../helpers/suite"
import { consumerHost } from "./host"
import {
  ContainerRegistrationKeys,
  Modules,
  getResolvedPlugins,
} from "@medusajs/framework/utils"
import { PROVIDERS } from "../helpers/seed"
import {
  createCart,
  createPaymentLink,
  followReturn,
  orderIdFrom,
  pressOnHostedPage,
  landedAt,
} from "../helpers/storefront"

const host = consumerHost("consumer.spec.ts")
const HOST_DIR = host.dir
const PLUGIN_DIR = path.join(HOST_DIR, "node_modules", "medusa-plugin-paylink")
const fromHost = host.fromHost

paylinkSuite(
  (ctx) => {
    const { api, getContainer } = ctx

    it("loads the plugin, its module and the four providers from the installed package", async () => {
      expect(process.cwd()).toBe(HOST_DIR)
      for (const id of [
        "medusa-plugin-paylink/providers/gateway-a",
        "medusa-plugin-paylink/providers/gateway-a-subscription",
        "medusa-plugin-paylink/providers/gateway-b",
        "medusa-plugin-paylink/providers/gateway-c",
        "medusa-plugin-paylink/.medusa/server/src/modules/paylink",
      ]) {
        expect(fromHost(id).startsWith(PLUGIN_DIR + path.sep)).toBe(true)
      }
      const container = getContainer()
      const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
      const plugin = (await getResolvedPlugins(HOST_DIR, config)).find(
        (p) => p.name === "medusa-plugin-paylink"
      )
      expect(plugin).toBeDefined()
      expect(plugin!.resolve).toBe(
        path.join(PLUGIN_DIR, ".medusa", "server", "src")
      )
      // The plugin's modules (paylink, and benefits since the loyalty-benefits work) from the installed package.
      expect(plugin!.modules).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            resolve: "medusa-plugin-paylink/.medusa/server/src/modules/paylink",
          }),
        ])
      )

      const providers = await container
        .resolve(Modules.PAYMENT)
        .listPaymentProviders({ id: Object.values(PROVIDERS) })
      expect(providers.map((p) => p.id).sort()).toEqual(
        [...Object.values(PROVIDERS)].sort()
      )
      expect(container.hasRegistration("paylink")).toBe(true)
    })

    describe.each([
      ["gateway C", PROVIDERS.gatewayC, "gateway_c", "sandbox-token-c"],
      ["gateway A", PROVIDERS.gatewayA, "gateway_a", "sandbox-token-a"],
    ])("a guest through %s", (_label, providerId, gateway, token) => {
      it("gets a link from the store route, pays on the hosted page, returns, and has an order with a captured payment", async () => {
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
        const session = data.payment_session
        expect(session.provider_id).toBe(providerId)
        // The host's own handler on the plugin's paylinkCreated hook tagged the cart.
        const tagged = await api.get(
          `/store/carts/${cart.id}?fields=id,metadata`,
          { headers: { "x-publishable-api-key": ctx.seed.publishableKey } }
        )
        expect(tagged.data.cart.metadata).toEqual({
          paylink_number: session.data.number,
        })
        expect(session.data).toMatchObject({
          amount: "200.00",
          currency: "GTQ",
          url: expect.stringContaining("/hosted/"),
        })

        expect(ctx.sandbox.requests).toHaveLength(1)
        expect(ctx.sandbox.requests[0].headers["x-token"]).toBe(token)
        expect(ctx.sandbox.requests[0].body).toMatchObject({
          number: session.data.number,
          amount: 200,
          currency: "GTQ",
        })

        const returnUrl = await pressOnHostedPage(session.data.url, "pay")
        expect(new URL(returnUrl).pathname).toMatch(/^\/paylink\/return\//)
        const back = await followReturn(api, returnUrl)
        expect(back.status).toBe(200)
        // The plugin's own option (orderConfirmedUrl) reached its module.
        expect(landedAt(back)).toMatch(
          /^http:\/\/localhost:8000\/order\/[^/]+\/confirmed$/
        )
        const orderId = orderIdFrom(landedAt(back))

        const { data: orderData } = await api.get(
          `/admin/orders/${orderId}?fields=id,total,payment_status,*payment_collections.payments,*paylink_checkouts`,
          ctx.admin
        )
        const order = orderData.order
        expect(order.total).toBe(200)
        expect(order.payment_status).toBe("captured")
        expect(order.payment_collections[0].payments[0]).toMatchObject({
          provider_id: providerId,
          captured_at: expect.anything(),
        })
        // The plugin's link (order <-> paylink_checkout).
        expect(order.paylink_checkouts).toEqual([
          expect.objectContaining({ order_id: orderId, status: "completed" }),
        ])

        // The plugin's admin route over its module's table (created by the plugin's migration).
        const { data: listed } = await api.get(
          `/admin/paylink/checkouts?order_id=${orderId}`,
          ctx.admin
        )
        expect(listed.checkouts).toEqual([
          expect.objectContaining({
            order_id: orderId,
            cart_id: cart.id,
            gateway,
            provider_id: providerId,
            number: session.data.number,
            status: "completed",
          }),
        ])
      })
    })
  },
  { cwd: HOST_DIR, startSandbox: host.startSandbox, timeoutMs: 180_000 }
)
