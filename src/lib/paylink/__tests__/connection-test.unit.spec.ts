import { ENDPOINTS } from "../endpoints"
import { GATEWAYS, ENDPOINT_OF } from "../gateways"
import {
  CONNECTION_TEST_DESCRIPTION,
  connectionTestBody,
  connectionTestCents,
} from "../connection-test"

describe("the link a gateway's Test token makes", () => {
  it.each(GATEWAYS)(
    "%s: a body its endpoint's schema takes, of Q 5.00, titled as a test not to be paid",
    (gateway) => {
      const body = connectionTestBody(gateway, {
        number: 4242,
        email: "admin@example.com",
        language: "es",
      })
      expect(
        ENDPOINTS[ENDPOINT_OF[gateway]].request.safeParse(body).success
      ).toBe(true)
      expect(body).toMatchObject({
        number: 4242,
        amount: 5,
        currency: "GTQ",
        description: "Prueba de conexión de la tienda — no pagar",
      })
      expect(body).not.toHaveProperty("redirection")
      expect(connectionTestCents(gateway)).toBe(500n)
    }
  )

  it("gateway B's one line adds up to the amount; the subscription bills every month", () => {
    const input = { number: 1, email: "a@example.com", language: "en" as const }
    expect(connectionTestBody("gateway_b", input)).toMatchObject({
      order: [{ qty: 1, price: 5, name: CONNECTION_TEST_DESCRIPTION.en }],
    })
    expect(connectionTestBody("gateway_a_subscription", input)).toMatchObject({
      count: 1,
      interval: "month",
    })
  })
})
