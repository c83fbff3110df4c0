/** The response schemas: the documented answer shapes are accepted (extra keys too), wrong ones refused by field. */
import {
  discountResponseSchema,
  gatewayASingleResponseSchema,
  gatewayBResponseSchema,
  gatewayCResponseSchema,
  setupResponseSchema,
  subscriptionResponseSchema,
} from "../schemas"
import { expectAccepted, expectRefused } from "./helpers/schema-checks"

describe("response schemas", () => {
  const expiration = "2030-01-01T00:00:00.000Z"

  it("accept the documented shapes, and extra keys", () => {
    expectAccepted(gatewayASingleResponseSchema, {
      id: "c1",
      url: "https://p.example/c1",
      metadata: { product: "p1" },
    })
    expectAccepted(subscriptionResponseSchema, {
      id: "c2",
      product: "s2",
      url: "https://p.example/c2",
      extra: 1,
    })
    expectAccepted(gatewayBResponseSchema, {
      id: "b",
      url: "https://b.example",
      metadata: { clientToken: "t", expiration },
    })
    expectAccepted(gatewayCResponseSchema, {
      id: "4001",
      url: "https://c.example",
      metadata: { expiration: "2030-01-01T00:00:00-06:00" },
    })
    expectAccepted(discountResponseSchema, {
      authorization: "A",
      confirmation: "C",
    })
    expectAccepted(setupResponseSchema, { token: "t" })
  })

  it("refuse missing or wrong documented fields", () => {
    expectRefused(
      gatewayASingleResponseSchema,
      { id: "c1", url: "https://p.example/c1" },
      "metadata"
    )
    expectRefused(
      gatewayASingleResponseSchema,
      { id: "c1", url: "https://p.example", metadata: { product: "" } },
      "metadata.product"
    )
    expectRefused(
      subscriptionResponseSchema,
      { id: "c2", url: "https://p.example/c2" },
      "product"
    )
    expectRefused(
      gatewayBResponseSchema,
      {
        id: "b",
        url: "https://b.example",
        metadata: { clientToken: "t", expiration: "tomorrow" },
      },
      "metadata.expiration"
    )
    expectRefused(
      gatewayCResponseSchema,
      { id: 4001, url: "https://c.example", metadata: { expiration } },
      "id"
    )
    expectRefused(
      gatewayCResponseSchema,
      { id: "4001", url: "data:text/html,x", metadata: { expiration } },
      "url"
    )
    expectRefused(
      discountResponseSchema,
      { authorization: "A" },
      "confirmation"
    )
    expectRefused(setupResponseSchema, { token: "" }, "token")
  })
})
