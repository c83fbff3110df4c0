/**
 * {country_code} and {locale} in the storefront addresses, as Medusa's
 * official storefront routes them (/gt/order/{id}/confirmed, /sv/checkout?step=payment). Two
 * regions: Guatemala (GTQ, gt) and Centroamérica (USD, sv and hn).
 */
import { createRegionsWorkflow } from "@medusajs/medusa/core-flows"
import { paylinkSuite } from "../helpers/suite"
import { PROVIDERS } from "../helpers/seed"
import { checkoutCallsOf } from "../helpers/sandbox"
import {
  createPaymentLink,
  followReturn,
  landedAt,
  orderIdFrom,
  pressOnHostedPage,
  storeHeaders,
} from "../helpers/storefront"

const STORE = "http://localhost:8000"

paylinkSuite(
  (ctx) => {
    const { api, getContainer } = ctx
    let centralAmericaId: string
    beforeEach(async () => {
      const { result } = await createRegionsWorkflow(getContainer()).run({
        input: {
          regions: [
            {
              name: "Centroamérica",
              currency_code: "usd",
              countries: ["sv", "hn"],
              payment_providers: [PROVIDERS.gatewayA],
            },
          ],
        },
      })
      centralAmericaId = result[0].id
    })

    const address = (country_code: string) => ({
      first_name: "Ana",
      last_name: "López",
      address_1: "Calle 1",
      city: "Ciudad",
      country_code,
    })

    async function cartWithLink(
      regionId: string,
      body: Record<string, unknown>
    ) {
      const { data } = await api.post(
        "/store/carts",
        {
          region_id: regionId,
          items: [{ variant_id: ctx.seed.variantId, quantity: 1 }],
          email: "ana.lopez@example.com",
          ...body,
        },
        storeHeaders(ctx.seed.publishableKey)
      )
      const link = (
        await createPaymentLink(
          api,
          ctx.seed.publishableKey,
          data.cart.id,
          PROVIDERS.gatewayA
        )
      ).data.payment_session
      return { cart: data.cart as { id: string }, url: link.data.url as string }
    }
    const comeBack = async (returnUrl: string, language: string) => {
      const u = new URL(returnUrl)
      return await api.get(`${u.pathname}${u.search}`, {
        headers: { "accept-language": language },
        validateStatus: () => true,
      })
    }

    it("a cart shipping to Guatemala lands on /gt/..., with the cart's locale", async () => {
      const { url } = await cartWithLink(ctx.seed.gtqRegionId, {
        shipping_address: address("gt"),
        billing_address: address("gt"),
        locale: "es-GT",
      })
      const target = landedAt(
        await comeBack(await pressOnHostedPage(url, "pay"), "en-US")
      )
      expect(target).toBe(
        `${STORE}/gt/order/${orderIdFrom(target)}/confirmed?locale=es-GT`
      )
    })

    it("a cart shipping to El Salvador lands on /sv/..., paid or canceled, in the browser's language without a cart locale", async () => {
      const paid = await cartWithLink(centralAmericaId, {
        shipping_address: address("SV"),
        billing_address: address("hn"),
      })
      const target = landedAt(
        await comeBack(
          await pressOnHostedPage(paid.url, "pay"),
          "es-SV,es;q=0.9"
        )
      )
      expect(target).toBe(
        `${STORE}/sv/order/${orderIdFrom(target)}/confirmed?locale=es`
      )

      const canceled = await cartWithLink(centralAmericaId, {
        shipping_address: address("sv"),
        billing_address: address("sv"),
      })
      expect(
        landedAt(
          await comeBack(await pressOnHostedPage(canceled.url, "cancel"), "en")
        )
      ).toBe(
        `${STORE}/sv/checkout?step=payment&cart_id=${canceled.cart.id}&locale=en`
      )
    })

    it("a checkout made in Spanish returns in Spanish to an English browser; its signed lang cannot be changed or dropped", async () => {
      const { data } = await api.post(
        "/store/carts",
        {
          region_id: ctx.seed.gtqRegionId,
          items: [{ variant_id: ctx.seed.variantId, quantity: 2 }],
          email: "ana.lopez@example.com",
          shipping_address: address("gt"),
          billing_address: address("gt"),
        },
        storeHeaders(ctx.seed.publishableKey)
      )
      // The store call says Spanish (what the storefront entry sends); the cart has no locale.
      const made = await api.post(
        `/store/carts/${data.cart.id}/payment-link`,
        { provider_id: PROVIDERS.gatewayA },
        {
          headers: {
            ...storeHeaders(ctx.seed.publishableKey).headers,
            "x-medusa-locale": "es-GT",
          },
        }
      )
      const cancelUrl = await pressOnHostedPage(
        made.data.payment_session.data.url,
        "cancel"
      )
      expect(new URL(cancelUrl).searchParams.get("lang")).toBe("es")

      // The gateway's text is the store's language too (a GTQ cart: Spanish).
      const sent = checkoutCallsOf(ctx.sandbox).at(-1)!.body as {
        description: string
      }
      expect(sent.description).toMatch(/ y 1 artículo más$/)

      const swapped = cancelUrl.replace("lang=es", "lang=en")
      const dropped = cancelUrl.replace("&lang=es", "")
      for (const forged of [swapped, dropped]) {
        const refused = await comeBack(forged, "en")
        expect(refused.status).toBe(403)
        expect(String(refused.data)).toContain("Link not accepted")
        expect(String(refused.data)).toContain(`<a class="back" href="${STORE}`)
      }
      expect(
        (await comeBack(cancelUrl.replace("lang=es", "lang=fr"), "en")).status
      ).toBe(400)

      const back = await comeBack(cancelUrl, "en")
      expect(back.status).toBe(200)
      expect(back.headers["content-language"]).toBe("es")
      expect(String(back.data)).toContain('<html lang="es">')
      expect(String(back.data)).toContain("Continuar a la tienda")
      // The link back to the store stays, in the signed language's {locale}.
      expect(landedAt(back)).toBe(
        `${STORE}/gt/checkout?step=payment&cart_id=${data.cart.id}&locale=es`
      )
    })

    it("without a shipping address: the billing country, else a country of the cart's region", async () => {
      const billed = await cartWithLink(centralAmericaId, {
        billing_address: address("sv"),
      })
      expect(
        landedAt(
          await comeBack(await pressOnHostedPage(billed.url, "cancel"), "en")
        )
      ).toBe(
        `${STORE}/sv/checkout?step=payment&cart_id=${billed.cart.id}&locale=en`
      )
      // Region sv + hn, no country anywhere on the cart: its first country in alphabetical order.
      const nowhere = await cartWithLink(centralAmericaId, {
        billing_address: { first_name: "Ana", last_name: "López" },
      })
      expect(
        landedAt(
          await comeBack(await pressOnHostedPage(nowhere.url, "cancel"), "es")
        )
      ).toBe(
        `${STORE}/hn/checkout?step=payment&cart_id=${nowhere.cart.id}&locale=es`
      )
      // Guatemala's region has one country.
      const single = await cartWithLink(ctx.seed.gtqRegionId, {
        billing_address: { first_name: "Ana", last_name: "López" },
      })
      expect(
        landedAt(
          await followReturn(api, await pressOnHostedPage(single.url, "cancel"))
        )
      ).toBe(
        `${STORE}/gt/checkout?step=payment&cart_id=${single.cart.id}&locale=en`
      )
    })
  },
  {
    env: {
      STOREFRONT_URL: STORE,
      PAYLINK_ORDER_CONFIRMED_URL: `${STORE}/{country_code}/order/{order_id}/confirmed?locale={locale}`,
      PAYLINK_PAYMENT_STEP_URL: `${STORE}/{country_code}/checkout?step=payment&cart_id={cart_id}&locale={locale}`,
    },
  }
)
