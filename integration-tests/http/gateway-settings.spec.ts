/**
 * Gateway credentials set in the admin: a saved value is what the next checkout uses,
 * the token is never shown or stored in clear, a disabled gateway refuses before any call, a new
 * address needs the token again, cleared fields fall back to the provider's options, a save tests
 * the address only (never "the token passed"), and Test token proves the token with one unpaid
 * Q 5.00 link whose number no order's link can ever have.
 */
import { paylinkSuite } from "../helpers/suite"
import { closedPort } from "../helpers/sandbox"
import { PROVIDERS } from "../helpers/seed"
import { createCart, createPaymentLink } from "../helpers/storefront"
import { createSandbox } from "../../src/sandbox"
import { DEFAULT_TOKENS } from "../../src/sandbox/options"

/** The sandbox accepts this for gateway B, not the provider option's default token. */
const ADMIN_TOKEN_B = "admin-issued-token-b-7f3q"

paylinkSuite(
  (ctx) => {
    const { api } = ctx
    const key = () => ctx.seed.publishableKey
    const save = (gateway: string, body: Record<string, unknown>) =>
      api
        .post(`/admin/paylink/gateways/${gateway}`, body, ctx.admin)
        .catch((e: any) => e.response)
    const linkOn = async (providerId: string) => {
      const cart = await createCart(api, key(), ctx.seed.gtqRegionId, [
        { variant_id: ctx.seed.variantId, quantity: 1 },
      ])
      return await createPaymentLink(api, key(), cart.id, providerId).catch(
        (e: any) => e.response
      )
    }
    const checkoutCalls = () =>
      ctx.sandbox.requests.filter((r) => r.path.startsWith("/pay/"))
    const lastCall = () => checkoutCalls().at(-1)!

    // First in this file: the app has just booted and no provider has been used yet (Medusa
    // constructs a payment provider on its first use; the options are told at load).
    it("before any checkout, each gateway shows its provider options, and Test token can run", async () => {
      const { gateways } = (await api.get("/admin/paylink/gateways", ctx.admin))
        .data
      const T = DEFAULT_TOKENS
      const expected = [
        ["gateway_a", "gateway_a", T.gatewayA],
        ["gateway_a_subscription", "gateway_a", T.gatewayA],
        ["gateway_b", "gateway_b", T.gatewayB],
        ["gateway_c", "gateway_c", T.gatewayC],
      ]
      expect(gateways.map((g: any) => [g.gateway, g.effective])).toEqual(
        expected.map(([gateway, segment, token]) => [
          gateway,
          {
            enabled: true,
            token: {
              source: "provider_option",
              set: true,
              last4: token.slice(-4),
            },
            base_url: { source: "provider_option", value: ctx.sandbox.url },
            path_segment: { source: "provider_option", value: segment },
          },
        ])
      )
      expect(JSON.stringify(gateways)).not.toContain(DEFAULT_TOKENS.gatewayA)
      const { data } = await api.post(
        "/admin/paylink/gateways/gateway_c/check",
        { create_test_link: true },
        ctx.admin
      )
      expect(data).toMatchObject({
        kind: "token",
        ok: true,
        token_proven: true,
      })
      expect(ctx.sandbox.requests.map((r) => [r.endpoint, r.status])).toEqual([
        ["gatewayC", 201],
      ])
    })

    it("a token saved for gateway B is what the next checkout sends; it is never answered or stored in clear", async () => {
      // The provider option's token is not the one this sandbox accepts for B.
      const before = await linkOn(PROVIDERS.gatewayB)
      expect(before.status).not.toBe(200)
      expect(lastCall()).toMatchObject({ endpoint: "gatewayB", status: 401 })
      expect(lastCall().headers["x-token"]).toBe(DEFAULT_TOKENS.gatewayB)

      const saved = await save("gateway_b", { token: ADMIN_TOKEN_B })
      expect(saved.status).toBe(200)
      expect(saved.data.gateway).toMatchObject({
        gateway: "gateway_b",
        token_set: true,
        token_last4: "7f3q",
        enabled: true,
        version: 1,
        effective: {
          token: { source: "admin", last4: "7f3q" },
          base_url: { source: "provider_option", value: ctx.sandbox.url },
        },
      })
      expect(JSON.stringify(saved.data)).not.toContain(ADMIN_TOKEN_B)

      ctx.sandbox.clearRequests()
      const after = await linkOn(PROVIDERS.gatewayB)
      expect(after.status).toBe(200)
      expect(checkoutCalls()).toHaveLength(1)
      expect(lastCall()).toMatchObject({ endpoint: "gatewayB", status: 201 })
      expect(lastCall().headers["x-token"]).toBe(ADMIN_TOKEN_B)
      expect(JSON.stringify(after.data)).not.toContain(ADMIN_TOKEN_B)

      const rows = (
        await ctx.dbConnection.raw(`select * from paylink_gateway_settings`)
      ).rows
      expect(rows).toHaveLength(1)
      expect(JSON.stringify(rows)).not.toContain(ADMIN_TOKEN_B)
      expect(rows[0]).toMatchObject({
        gateway: "gateway_b",
        token_last4: "7f3q",
        enabled: true,
        version: 1,
      })
      expect(rows[0].token_sealed).toMatch(/^v1:/)

      const listed = (await api.get("/admin/paylink/gateways", ctx.admin)).data
      expect(listed.gateways.map((g: any) => g.gateway)).toEqual([
        "gateway_a",
        "gateway_a_subscription",
        "gateway_b",
        "gateway_c",
      ])
      expect(JSON.stringify(listed)).not.toContain(ADMIN_TOKEN_B)
      expect(JSON.stringify(listed)).not.toContain(DEFAULT_TOKENS.gatewayB)
      expect(
        listed.gateways.find((g: any) => g.gateway === "gateway_c")
      ).toMatchObject({ token_set: false, token_last4: null, version: 0 })

      // Cleared: back to the provider option's token (which this sandbox refuses).
      const cleared = await save("gateway_b", { token: null })
      expect(cleared.data.gateway).toMatchObject({
        token_set: false,
        token_last4: null,
        version: 2,
        effective: { token: { source: "provider_option" } },
      })
      ctx.sandbox.clearRequests()
      expect((await linkOn(PROVIDERS.gatewayB)).status).not.toBe(200)
      expect(lastCall().headers["x-token"]).toBe(DEFAULT_TOKENS.gatewayB)
    })

    it("a disabled gateway refuses a link with a 400 before any call, and works again once enabled", async () => {
      const disabled = await save("gateway_c", { enabled: false })
      expect(disabled.data.gateway).toMatchObject({
        enabled: false,
        token_set: false,
      })
      // A gateway just switched off is not tested: nothing is called.
      expect(disabled.data.check).toBeNull()
      const refused = await linkOn(PROVIDERS.gatewayC)
      expect(refused.status).toBe(400)
      // The customer is told to choose another payment method; the reason is in the log.
      expect(refused.data.code).toBe("paylink.provider_unavailable")
      expect(ctx.sandbox.requests).toHaveLength(0)
      expect(
        (await api.get("/admin/paylink/checkouts?gateway=gateway_c", ctx.admin))
          .data.count
      ).toBe(0)

      expect((await save("gateway_c", { enabled: true })).status).toBe(200)
      expect((await linkOn(PROVIDERS.gatewayC)).status).toBe(200)
      expect(lastCall()).toMatchObject({ endpoint: "gatewayC", status: 201 })
    })

    it("bumps the version once per save that went through; racing saves never both pass on the same row", async () => {
      // (Enabled is already true on a gateway never saved: that would be no change, and no version.)
      expect(
        (await save("gateway_a", { enabled: false })).data.gateway.version
      ).toBe(1)
      const raced = await Promise.all(
        [0, 1, 2, 3, 4].map((i) => save("gateway_a", { enabled: i % 2 === 0 }))
      )
      const statuses = raced.map((r) => r.status)
      expect(statuses.every((s) => s === 200 || s === 400)).toBe(true)
      // A save that found the value already there changed nothing and wrote nothing (`changed: false`).
      const applied = raced.filter(
        (r) => r.status === 200 && r.data.changed
      ).length
      expect(applied).toBeGreaterThanOrEqual(1)
      const [row] = (
        await ctx.dbConnection.raw(
          `select version from paylink_gateway_settings where gateway = 'gateway_a'`
        )
      ).rows
      expect(row.version).toBe(1 + applied)
      const conflict = raced.find((r) => r.status === 400)
      if (conflict) {
        expect(conflict.data.message).toContain(
          "changed by another save meanwhile"
        )
      }
    })

    it("a path segment set in the admin is used, and clearing it falls back to the provider option", async () => {
      expect(
        (
          await save("gateway_b", {
            token: ADMIN_TOKEN_B,
            path_segment: "gw_b_custom",
          })
        ).status
      ).toBe(200)
      await linkOn(PROVIDERS.gatewayB)
      expect(lastCall().path).toBe(
        "/pay/v2/gw_b_custom/checkouts/hosted/single"
      )

      expect(
        (await save("gateway_b", { path_segment: null })).data.gateway.effective
          .path_segment
      ).toEqual({
        source: "provider_option",
        value: "gateway_b",
      })
      expect((await linkOn(PROVIDERS.gatewayB)).status).toBe(200)
      expect(lastCall()).toMatchObject({
        path: "/pay/v2/gateway_b/checkouts/hosted/single",
        status: 201,
      })
    })

    it("a new base_url needs the token typed again; http only on this machine; bad fields are named", async () => {
      const localhost = ctx.sandbox.url.replace("127.0.0.1", "localhost")
      const noToken = await save("gateway_b", { base_url: localhost })
      expect(noToken.status).toBe(400)
      expect(noToken.data.message).toContain(
        "token: changing base_url needs the gateway's token typed again"
      )

      const withToken = await save("gateway_b", {
        base_url: localhost,
        token: ADMIN_TOKEN_B,
      })
      expect(withToken.data.gateway).toMatchObject({
        base_url: localhost,
        effective: { base_url: { source: "admin", value: localhost } },
      })
      expect((await linkOn(PROVIDERS.gatewayB)).status).toBe(200)
      expect(lastCall().headers.host).toContain("localhost")

      const moved = await save("gateway_b", {
        base_url: "https://pay.example.com",
      })
      expect(moved.status).toBe(400)
      expect(moved.data.message).toContain("token:")
      // A base_url set in the admin never goes out with the provider option's token.
      const optionToken = await save("gateway_b", { token: null })
      expect(optionToken.status).toBe(400)
      expect(optionToken.data.message).toContain(
        "token: a base_url set in the admin needs the gateway's token set in the admin"
      )

      const cases: [string, Record<string, unknown>, number, string][] = [
        [
          "plain http to a remote host",
          { base_url: "http://pay.example.com", token: "another-token-1234" },
          400,
          "Invalid request: base_url: must be an absolute https URL",
        ],
        [
          "a path with a slash",
          { path_segment: "a/b" },
          400,
          "Invalid request: path_segment: must be one URL path segment",
        ],
        // A field's own rules are the route schema's: Medusa's validator words them "Invalid request: <field>: <rule>".
        [
          "a token that is not a string",
          { token: 12345678 },
          400,
          "Invalid request: token: must be the gateway's X-Token",
        ],
        [
          "a token with a line break",
          { token: "abc\ndef-1234" },
          400,
          "Invalid request: token: must be the gateway's X-Token",
        ],
        ["an unknown field", { secret: "x" }, 400, "secret"],
      ]
      for (const [label, body, status, message] of cases) {
        const res = await save("gateway_a", body)
        expect({ label, status: res.status }).toEqual({ label, status })
        expect(res.data.message).toContain(message)
        expect(res.data.message).not.toContain("12345678")
        expect(res.data.message).not.toContain("abc\ndef")
      }
      expect((await save("gateway_z", { enabled: false })).status).toBe(404)

      // Both back to the provider's options at once is allowed.
      const reset = await save("gateway_b", { base_url: null, token: null })
      expect(reset.data.gateway).toMatchObject({
        base_url: null,
        token_set: false,
        effective: {
          base_url: { source: "provider_option", value: ctx.sandbox.url },
        },
      })
    })

    it("emptying a base_url set here goes back to the provider's address and token in one save, no Clear token needed", async () => {
      const localhost = ctx.sandbox.url.replace("127.0.0.1", "localhost")
      expect(
        (await save("gateway_b", { base_url: localhost, token: ADMIN_TOKEN_B }))
          .status
      ).toBe(200)
      const back = await save("gateway_b", { base_url: null })
      expect({ status: back.status, message: back.data.message }).toEqual({
        status: 200,
        message: undefined,
      })
      expect(back.data.gateway).toMatchObject({
        base_url: null,
        token_set: false,
        effective: {
          base_url: { source: "provider_option", value: ctx.sandbox.url },
          token: { source: "provider_option" },
        },
      })
      // The token typed for localhost did not follow to the provider's address: the option's goes there.
      ctx.sandbox.clearRequests()
      await linkOn(PROVIDERS.gatewayB)
      expect(lastCall().headers.host).toContain("127.0.0.1")
      expect(lastCall().headers["x-token"]).toBe(DEFAULT_TOKENS.gatewayB)
    })

    it("a save that changes nothing answers so, and writes nothing (no new version, no new date)", async () => {
      const first = await save("gateway_c", {
        path_segment: "gw_c_same",
        enabled: true,
      })
      expect(first.data).toMatchObject({
        changed: true,
        gateway: { path_segment: "gw_c_same" },
      })
      const [before] = (
        await ctx.dbConnection.raw(
          `select version, updated_at from paylink_gateway_settings where gateway = 'gateway_c'`
        )
      ).rows
      const again = await save("gateway_c", {
        path_segment: "gw_c_same",
        enabled: true,
        base_url: null,
      })
      expect(again.status).toBe(200)
      expect(again.data.changed).toBe(false)
      expect(again.data.message).toBe(
        "Nothing changed: gateway_c's settings are already these."
      )
      expect(again.data.gateway.version).toBe(before.version)
      const [after] = (
        await ctx.dbConnection.raw(
          `select version, updated_at from paylink_gateway_settings where gateway = 'gateway_c'`
        )
      ).rows
      expect(after).toEqual(before)

      // The same token typed again is no change either; a different one is.
      expect(
        (await save("gateway_b", { token: ADMIN_TOKEN_B })).data.changed
      ).toBe(true)
      expect(
        (await save("gateway_b", { token: ADMIN_TOKEN_B })).data.changed
      ).toBe(false)
      // A gateway never saved: its provider options given back are no change, and no row is made.
      const none = await save("gateway_a_subscription", {
        base_url: null,
        path_segment: null,
        enabled: true,
      })
      expect(none.data).toMatchObject({
        changed: false,
        gateway: { version: 0, updated_at: null },
      })
      expect(
        (
          await ctx.dbConnection.raw(
            `select 1 from paylink_gateway_settings where gateway = 'gateway_a_subscription'`
          )
        ).rows
      ).toHaveLength(0)
      // Put C back as the other tests expect it.
      expect(
        (await save("gateway_c", { path_segment: null })).data.changed
      ).toBe(true)
    })

    it("every invalid field is named in one 400, and nothing is saved", async () => {
      const before = (
        await api.get("/admin/paylink/gateways", ctx.admin)
      ).data.gateways.find((g: any) => g.gateway === "gateway_a")
      const res = await save("gateway_a", {
        base_url: "http://pay.example.com",
        path_segment: "a/b",
        token: "bad\ntoken-secret",
      })
      expect(res.status).toBe(400)
      // The route's schema refuses them, after Medusa's validator's own prefix.
      expect(res.data.message).toMatch(/^Invalid request: token: /)
      const fields = String(res.data.message)
        .replace(/^Invalid request: /, "")
        .split(/; (?=(?:token|base_url|path_segment|enabled): )/)
        .map((p) => p.split(":")[0])
      expect(fields).toEqual(["token", "base_url", "path_segment"])
      expect(res.data.message).not.toContain("token-secret")
      const after = (
        await api.get("/admin/paylink/gateways", ctx.admin)
      ).data.gateways.find((g: any) => g.gateway === "gateway_a")
      expect(after).toEqual(before)
      expect(ctx.sandbox.requests).toHaveLength(0)
    })

    it("a save is tested at once: an unreachable address is saved with a warning, kept as the last test on the card, and stays offered", async () => {
      const port = await closedPort()
      ctx.sandbox.clearRequests()
      const saved = await save("gateway_b", {
        base_url: `http://127.0.0.1:${port}`,
        token: "wrong-token-for-b-0000",
      })
      expect(saved.status).toBe(200)
      expect(saved.data.changed).toBe(true)
      expect(saved.data.check).toMatchObject({
        kind: "address",
        ok: false,
        reachable: false,
        token_proven: false,
      })
      expect(saved.data.gateway.last_check).toEqual({
        ok: false,
        at: expect.any(String),
        kind: "address",
      })
      expect(JSON.stringify(saved.data)).not.toContain("wrong-token-for-b-0000")
      const listed = (
        await api.get("/admin/paylink/gateways", ctx.admin)
      ).data.gateways.find((g: any) => g.gateway === "gateway_b")
      expect(listed.last_check).toEqual(saved.data.gateway.last_check)
      const version = listed.version
      // Still offered to shoppers (docs/install.md#gateway-credentials-in-the-admin says why): the region's providers are unchanged.
      const providers = (
        await api.get(
          `/store/payment-providers?region_id=${ctx.seed.gtqRegionId}`,
          { headers: { "x-publishable-api-key": key() } }
        )
      ).data
      expect(providers.payment_providers.map((p: any) => p.id)).toContain(
        PROVIDERS.gatewayB
      )

      // After fixing the address the save's test finds the address answering like the service,
      // and says the token is not proven by it; a test writes no new version.
      expect(
        (await save("gateway_b", { base_url: null })).data.check
      ).toMatchObject({ kind: "address", ok: true, token_proven: false })
      const now = (
        await api.get("/admin/paylink/gateways", ctx.admin)
      ).data.gateways.find((g: any) => g.gateway === "gateway_b")
      expect(now.last_check).toEqual({
        ok: true,
        at: expect.any(String),
        kind: "address",
      })
      expect(now.version).toBe(version + 1)
      // A gateway never saved keeps "never saved" after a Test token, and shows the test.
      await api.post(
        "/admin/paylink/gateways/gateway_a_subscription/check",
        { create_test_link: true },
        ctx.admin
      )
      const sub = (
        await api.get("/admin/paylink/gateways", ctx.admin)
      ).data.gateways.find((g: any) => g.gateway === "gateway_a_subscription")
      expect(sub).toMatchObject({
        version: 0,
        updated_at: null,
        last_check: { ok: true, kind: "token" },
        test_link: { amount: "5.00", currency: "GTQ" },
      })
    })

    it("Test token with a wrong token: the gateway rejected the token, never Passed; the save's own test says the token is not proven", async () => {
      const saved = await save("gateway_a", { token: "wrong-token-123" })
      expect(saved.status).toBe(200)
      // The save's test sends no token: it finds the address, and says nothing passed about the token.
      expect(saved.data.check).toMatchObject({
        kind: "address",
        ok: true,
        token_proven: false,
      })
      expect(saved.data.check.message).toContain("The token was not proven")
      ctx.sandbox.clearRequests()

      const { data } = await api.post(
        "/admin/paylink/gateways/gateway_a/check",
        { create_test_link: true },
        ctx.admin
      )
      expect(data).toMatchObject({
        kind: "token",
        ok: false,
        token_proven: false,
        targets: [{ outcome: "token_rejected", status: 401 }],
      })
      expect(data.targets[0].test_link).toBeUndefined()
      expect(data.message).toContain("the gateway rejected the token")
      expect(JSON.stringify(data)).not.toContain("wrong-token-123")
      expect(ctx.sandbox.requests).toHaveLength(1)
      expect(ctx.sandbox.requests[0]).toMatchObject({
        endpoint: "gatewayASingle",
        status: 401,
      })
      expect(ctx.sandbox.requests[0].headers["x-token"]).toBe("wrong-token-123")
      expect(ctx.sandbox.checkouts.size).toBe(0)
      const card = (
        await api.get("/admin/paylink/gateways", ctx.admin)
      ).data.gateways.find((g: any) => g.gateway === "gateway_a")
      expect(card.last_check).toEqual({
        ok: false,
        at: expect.any(String),
        kind: "token",
      })
      expect(card.test_link).toBeNull()
    })

    it("Test token with the right token: one unpaid Q 5.00 link titled as a test, recorded on the card, whose number no order's link gets", async () => {
      expect((await save("gateway_b", { token: ADMIN_TOKEN_B })).status).toBe(
        200
      )
      // Asked without saying it knows a link is made: a 400 naming the field, nothing sent.
      ctx.sandbox.clearRequests()
      const refused = await api
        .post("/admin/paylink/gateways/gateway_b/check", {}, ctx.admin)
        .catch((e: any) => e.response)
      expect(refused.status).toBe(400)
      expect(refused.data.message).toContain("create_test_link must be true")
      expect(ctx.sandbox.requests).toHaveLength(0)

      const { data } = await api.post(
        "/admin/paylink/gateways/gateway_b/check",
        { create_test_link: true },
        ctx.admin
      )
      expect(data).toMatchObject({
        kind: "token",
        ok: true,
        token_proven: true,
        targets: [{ outcome: "token_proven", status: 201 }],
      })
      expect(data.message).toContain("the token is proven")
      const link = data.targets[0].test_link
      expect(link).toMatchObject({
        checkout_id: expect.any(String),
        url: expect.stringContaining("http"),
        number: expect.any(Number),
        amount: "5.00",
        currency: "GTQ",
        description: "Prueba de conexión de la tienda — no pagar",
      })
      expect(ctx.sandbox.requests).toHaveLength(1)
      expect(ctx.sandbox.requests[0].headers["x-token"]).toBe(ADMIN_TOKEN_B)
      const made = ctx.sandbox.checkouts.get(link.checkout_id) as any
      expect(made.request).toMatchObject({
        number: link.number,
        amount: 5,
        description: "Prueba de conexión de la tienda — no pagar",
        order: [{ qty: 1, price: 5 }],
      })
      expect(made.request.redirection).toBeUndefined()
      expect(JSON.stringify(data)).not.toContain(ADMIN_TOKEN_B)

      const card = (
        await api.get("/admin/paylink/gateways", ctx.admin)
      ).data.gateways.find((g: any) => g.gateway === "gateway_b")
      expect(card.last_check).toMatchObject({ ok: true, kind: "token" })
      expect(card.test_link).toEqual(link)
      // A later save's address test keeps the link on the card.
      await save("gateway_b", { enabled: false })
      await save("gateway_b", { enabled: true })
      const later = (
        await api.get("/admin/paylink/gateways", ctx.admin)
      ).data.gateways.find((g: any) => g.gateway === "gateway_b")
      expect(later).toMatchObject({
        last_check: { kind: "address" },
        test_link: link,
      })

      // The number came from the links' own sequence: the next real link gets a later one, and
      // a reconciliation looking the test link up by number or id finds no record to pay.
      const real = await linkOn(PROVIDERS.gatewayB)
      expect(real.status).toBe(200)
      const [record] = (
        await ctx.dbConnection.raw(
          `select "number" from paylink_checkout order by created_at desc limit 1`
        )
      ).rows
      expect(record.number).toBeGreaterThan(link.number)
      const paylink = ctx.getContainer().resolve("paylink") as any
      expect(
        await paylink.findReconciliationRecords(
          [link.number],
          [link.checkout_id]
        )
      ).toEqual([])
    })

    it("Test token asked three times at once (a double click, two tabs) makes one test link; the others are told to wait", async () => {
      ctx.sandbox.clearRequests()
      const answers = await Promise.all(
        [1, 2, 3].map(() =>
          api
            .post(
              "/admin/paylink/gateways/gateway_a/check",
              { create_test_link: true },
              ctx.admin
            )
            .catch((e: any) => e.response)
        )
      )
      const statuses = answers.map((a) => a.status).sort()
      expect(statuses).toEqual([200, 400, 400])
      for (const refused of answers.filter((a) => a.status === 400)) {
        expect(refused.data.message).toContain(
          "gateway_a: a Test token ran less than"
        )
      }
      expect(
        ctx.sandbox.requests.filter((r) => r.endpoint === "gatewayASingle")
      ).toHaveLength(1)
      // Once the interval has passed (3 s in these specs, a minute in a store) it can run again.
      await new Promise((r) => setTimeout(r, 3_100))
      const again = await api.post(
        "/admin/paylink/gateways/gateway_a/check",
        { create_test_link: true },
        ctx.admin
      )
      expect(again.data).toMatchObject({ ok: true, token_proven: true })
    })

    it("Test token at an address that cannot be reached says so, and that the token was not proven", async () => {
      const port = await closedPort()
      expect(
        (
          await save("gateway_c", {
            base_url: `http://127.0.0.1:${port}`,
            token: "some-token-for-c",
          })
        ).status
      ).toBe(200)
      const down = (
        await api.post(
          "/admin/paylink/gateways/gateway_c/check",
          { create_test_link: true },
          ctx.admin
        )
      ).data
      expect(down).toMatchObject({
        kind: "token",
        ok: false,
        token_proven: false,
        reachable: false,
        targets: [{ outcome: "unreachable" }],
      })
      expect(down.message).toContain("The token was not proven")
      expect(JSON.stringify(down)).not.toContain("some-token-for-c")
      expect(ctx.sandbox.checkouts.size).toBe(0)
    })
  },
  {
    startSandbox: async () => {
      const sandbox = await createSandbox({
        port: 0,
        host: "127.0.0.1",
        tokens: { gatewayB: ADMIN_TOKEN_B },
      })
      process.env.PAYLINK_BASE_URL = sandbox.url
      return sandbox
    },
  }
)
