import { fillStorefrontUrl, storefrontUrlProblem } from "../storefront-url"
import { parsePluginOptions } from "../../boot/plugin-options"
import {
  baseProviderOptionsSchema,
  parseProviderOptions,
} from "../../../providers/base/options"

describe("storefront address templates", () => {
  it("fills every placeholder, URL-encoded", () => {
    const url = fillStorefrontUrl(
      "https://shop.gt/{country_code}/order/{order_id}/confirmed?lang={locale}&n={number}&c={cart_id}",
      {
        order_id: "order_1",
        cart_id: "cart 2",
        number: 7,
        country_code: "gt",
        locale: "es-GT",
      }
    )
    expect(url).toBe(
      "https://shop.gt/gt/order/order_1/confirmed?lang=es-GT&n=7&c=cart%202"
    )
    expect(
      fillStorefrontUrl("https://s/{country_code}/x", {
        country_code: "a/../b?c",
      })
    ).toBe("https://s/a%2F..%2Fb%3Fc/x")
  })

  it.each([
    [
      "https://shop.gt/{country_code}/order/{order_id}/confirmed",
      "{order_id}",
      null,
    ],
    [
      "https://shop.gt/{locale}/checkout?step=payment&cart_id={cart_id}",
      "{cart_id}",
      null,
    ],
    [
      "https://shop.gt/order/{order_id}/{country}",
      "{order_id}",
      "has an unknown placeholder {country}; the placeholders are {order_id}, {cart_id}, {number}, {country_code}, {locale}",
    ],
    [
      "https://shop.gt/order/{Order_ID}/x/{order_id}",
      "{order_id}",
      "has an unknown placeholder {Order_ID}",
    ],
    ["https://shop.gt/order", "{order_id}", "must contain {order_id}"],
    [
      "javascript:alert('{order_id}')",
      "{order_id}",
      "must be an http or https URL",
    ],
  ])("%s", (template, required, problem) => {
    const found = storefrontUrlProblem(
      template,
      required as "{order_id}" | "{cart_id}"
    )
    if (problem === null) expect(found).toBeNull()
    else expect(found).toContain(problem)
  })

  it("stops the boot on an unknown placeholder in the plugin's options, naming the option", () => {
    const base = { secret: "s".repeat(32) }
    expect(
      parsePluginOptions({
        ...base,
        orderConfirmedUrl:
          "https://shop.gt/{country_code}/order/{order_id}/confirmed",
      }).orderConfirmedUrl
    ).toBe("https://shop.gt/{country_code}/order/{order_id}/confirmed")
    expect(() =>
      parsePluginOptions({
        ...base,
        paymentStepUrl:
          "https://shop.gt/{countrycode}/checkout?cart_id={cart_id}",
      })
    ).toThrow("paymentStepUrl has an unknown placeholder {countrycode}")
  })

  it("and in a provider's options", () => {
    const valid = {
      baseUrl: "https://api.example",
      token: "t",
      backendUrl: "https://api.shop.gt",
    }
    expect(() =>
      parseProviderOptions(
        baseProviderOptionsSchema,
        {
          ...valid,
          orderConfirmedUrl: "https://shop.gt/{lang}/order/{order_id}",
        },
        "gateway A"
      )
    ).toThrow("orderConfirmedUrl: has an unknown placeholder {lang}")
    expect(
      parseProviderOptions(
        baseProviderOptionsSchema,
        {
          ...valid,
          paymentStepUrl:
            "https://shop.gt/{country_code}/checkout?step=payment&cart_id={cart_id}",
        },
        "gateway A"
      )
    ).toBeTruthy()
  })
})
