/**
 * The paylink module service on its own, on PostgreSQL (no app, no routes): the record's state
 * machine under concurrent writers, link signing and reuse, the refund ledger, the expiry.
 */
import { attentionReason } from "../../src/lib/attention/attention-reason"
import path from "node:path"
import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { PAYLINK_MODULE } from "../../src/modules/paylink"
import type PaylinkModuleService from "../../src/modules/paylink/services/paylink-module"
import { declareSecretFields } from "../secrets/declare-secrets"

jest.setTimeout(60_000)

const SECRET = "module-test-secret-0123456789abcdef"
declareSecretFields({ secret: SECRET }, "moduleOptions")

moduleIntegrationTestRunner<PaylinkModuleService>({
  moduleName: PAYLINK_MODULE,
  resolve: path.join(__dirname, "../../src/modules/paylink"),
  moduleOptions: { secret: SECRET },
  testSuite: ({ service }) => {
    let session = 0
    const open = (over: Record<string, unknown> = {}) =>
      service.openLink({
        gateway: "gateway_a",
        payment_session_id: `payses_${++session}`,
        cart_id: "cart_1",
        cents: 10000n,
        currency_code: "GTQ",
        confirmation: "return",
        return_ttl_hours: 48,
        backend_url: "https://api.shop.example",
        ...over,
      } as any)

    it("opens a record with a serial number, lower-case currency, and return addresses signed with the plugin's secret", async () => {
      const first = await open()
      const second = await open()
      expect(second.record.number).toBe(first.record.number + 1)
      expect(first.record).toMatchObject({
        status: "created",
        currency_code: "gtq",
        cart_id: "cart_1",
      })
      const success = new URL(first.successUrl)
      expect(success.pathname).toBe(
        `/paylink/return/${first.record.payment_session_id}`
      )
      const verified = service.verifyReturnLink({
        ...Object.fromEntries(success.searchParams),
        session: first.record.payment_session_id,
      })
      expect(verified).toMatchObject({
        ok: true,
        claims: { outcome: "success", cents: 10000n, currency: "GTQ" },
      })
      const cancel = new URL(first.cancelUrl)
      expect(
        service.verifyReturnLink({
          ...Object.fromEntries(cancel.searchParams),
          session: "payses_other",
        })
      ).toEqual({
        ok: false,
        problem: "bad_signature",
      })
    })

    it("refuses a second record for one payment session, also when both inserts race, and keeps one", async () => {
      const first = await open()
      const again = await open({
        payment_session_id: first.record.payment_session_id,
      }).catch((e: any) => e)
      expect(again.type).toBe("duplicate_error")
      expect(again.message).toBe(
        `A payment link already exists for payment session ${first.record.payment_session_id}.`
      )
      const racing = await Promise.allSettled(
        [1, 2, 3].map(() => open({ payment_session_id: "payses_race" }))
      )
      expect(racing.filter((r) => r.status === "fulfilled")).toHaveLength(1)
      for (const r of racing.filter(
        (r): r is PromiseRejectedResult => r.status === "rejected"
      )) {
        expect(r.reason.message).toBe(
          "A payment link already exists for payment session payses_race."
        )
      }
      expect(
        await service.listPaylinkCheckouts({
          payment_session_id: ["payses_race", first.record.payment_session_id],
        })
      ).toHaveLength(2)
    })

    it("writes a record only for a gateway of the gateways' table (the column is text: the module checks it)", async () => {
      const refused = await open({ gateway: "gateway_z" }).catch((e: any) => e)
      expect(refused.type).toBe("invalid_data")
      expect(refused.message).toBe(
        "gateway: gateway_z is not one of gateway_a, gateway_a_subscription, gateway_b, gateway_c."
      )
      expect(
        await service.listPaylinkCheckouts({ gateway: "gateway_z" } as any)
      ).toHaveLength(0)
      expect((await open({ gateway: "gateway_c" })).record.gateway).toBe(
        "gateway_c"
      )
    })

    it("lets exactly one of two racing writers move a record: a verified return is never overwritten by a withdrawal", async () => {
      for (let i = 0; i < 10; i++) {
        const { record } = await open()
        const [returned, withdrawn] = await Promise.allSettled([
          service.transition(record.id, "returned", {
            returned_at: new Date(),
          }),
          service.withdraw(record.id),
        ])
        const after = await service.retrievePaylinkCheckout(record.id)
        expect(["returned", "withdrawn"]).toContain(after.status)
        if (after.status === "returned") {
          expect(returned.status).toBe("fulfilled")
          expect(
            withdrawn.status === "fulfilled" && withdrawn.value.changed
          ).toBe(false)
        } else {
          // The withdrawal came first: the return is refused, and the record stays withdrawn.
          expect(returned.status).toBe("rejected")
        }
      }
    })

    it("answers a move with the record as the module reads it, and keeps the first return's time through later moves", async () => {
      const { record } = await open()
      const first = new Date("2026-01-02T03:04:05.000Z")
      const moved = await service.tryTransition(record.id, "returned", {
        returned_at: first,
      })
      expect(moved.changed).toBe(true)
      // The row the compare-and-set returned, shaped as a read answers it (money as numbers).
      expect(moved.record).toEqual(
        await service.retrievePaylinkCheckout(record.id)
      )
      const reason = attentionReason("status_changed", {
        number: record.number,
        target: "cart",
        status: "returned",
      })
      await service.handToMerchant(record.id, reason)
      const handed = await service.retrievePaylinkCheckout(record.id)
      expect(handed).toMatchObject({
        status: "needs_attention",
        attention_reason: reason.text,
      })
      expect(new Date(handed.returned_at!).toISOString()).toBe(
        first.toISOString()
      )
      await service.tryTransition(record.id, "returned", {
        returned_at: new Date(),
      })
      expect(
        new Date(
          (await service.retrievePaylinkCheckout(record.id)).returned_at!
        ).toISOString()
      ).toBe(first.toISOString())
      // A refused move changes nothing and answers the record as it is.
      const refused = await service.tryTransition(record.id, "expired")
      expect(refused).toMatchObject({
        changed: false,
        record: { status: "returned" },
      })
    })

    it("refuses a move the table does not allow, naming the link and both states, and leaves the record as it was", async () => {
      const { record } = await open()
      await service.transition(record.id, "returned")
      await service.transition(record.id, "completed", { order_id: "order_1" })
      await expect(
        service.transition(record.id, "needs_attention")
      ).rejects.toThrow(
        `Payment link ${record.number} is completed; it cannot become needs_attention.`
      )
      expect(await service.tryTransition(record.id, "expired")).toMatchObject({
        changed: false,
      })
      expect((await service.retrievePaylinkCheckout(record.id)).status).toBe(
        "completed"
      )
      // Moving to the state it is in is not a change and not an error.
      expect(await service.transition(record.id, "completed")).toMatchObject({
        changed: false,
      })
    })

    it("reuses a withdrawn link only for data this store signed, for the same charge", async () => {
      const { record, resumeSig } = await open()
      await service.confirmLink(record.id, {
        checkout_id: "chk_1",
        url: "https://pay.example/1",
      })
      await service.withdraw(record.id)
      const charge = {
        gateway: "gateway_a",
        cents: 10000n,
        currency_code: "GTQ",
      }
      await expect(
        service.reuseLink(
          { paylink_checkout_id: record.id, resume_sig: "forged" },
          charge
        )
      ).rejects.toThrow("it was not issued by this store")
      await expect(
        service.reuseLink(
          { paylink_checkout_id: record.id, resume_sig: resumeSig },
          { ...charge, cents: 9999n }
        )
      ).rejects.toThrow("was made for another gateway or amount")
      expect((await service.retrievePaylinkCheckout(record.id)).status).toBe(
        "withdrawn"
      )
      const reused = await service.reuseLink(
        { paylink_checkout_id: record.id, resume_sig: resumeSig },
        charge
      )
      expect(reused).toMatchObject({
        id: record.id,
        status: "created",
        checkout_id: "chk_1",
        canceled_by: null,
      })
    })

    it("records the service's answer, or unknown/failed without one", async () => {
      const a = await open()
      const b = await open()
      expect(
        await service.failLink(
          a.record.id,
          "gateway A is unavailable: no answer within 1500 ms",
          true
        )
      ).toMatchObject({
        status: "unknown",
        failure_reason: "gateway A is unavailable: no answer within 1500 ms",
      })
      expect(
        await service.failLink(
          b.record.id,
          "gateway A is unavailable: HTTP 500",
          false
        )
      ).toMatchObject({ status: "failed" })
    })

    it("withdraws every other open link of a cart, keeping one", async () => {
      const kept = await open({ cart_id: "cart_9" })
      const other = await open({ cart_id: "cart_9" })
      const unknown = await open({ cart_id: "cart_9" })
      await service.failLink(unknown.record.id, "no answer", true)
      const elsewhere = await open({ cart_id: "cart_8" })
      expect(
        await service.withdrawOpenLinksOfCart("cart_9", kept.record.id)
      ).toEqual({ withdrawn: 2, paid: [] })
      const statuses = await Promise.all(
        [kept, other, unknown, elsewhere].map((l) =>
          service.retrievePaylinkCheckout(l.record.id)
        )
      )
      expect(statuses.map((r) => r.status)).toEqual([
        "created",
        "withdrawn",
        "withdrawn",
        "created",
      ])
    })

    it("expires open links past their return expiry, and finds returns left without an order", async () => {
      const open1 = await open()
      const returned = await open()
      await service.transition(returned.record.id, "returned", {
        returned_at: new Date(),
      })
      const later = new Date(Date.now() + 49 * 3_600_000)
      expect(await service.expireOverdue(new Date())).toBe(0)
      expect(await service.expireOverdue(later)).toBeGreaterThanOrEqual(1)
      expect(
        (await service.retrievePaylinkCheckout(open1.record.id)).status
      ).toBe("expired")
      expect(
        (await service.retrievePaylinkCheckout(returned.record.id)).status
      ).toBe("returned")
      expect(
        (await service.listStrandedReturns(later)).map((r) => r.id)
      ).toContain(returned.record.id)
      expect(
        (await service.listStrandedReturns(new Date(Date.now() - 60_000))).map(
          (r) => r.id
        )
      ).not.toContain(returned.record.id)
    })

    it("keeps the refund ledger within what was paid, on a completed link only", async () => {
      const { record } = await open()
      await expect(service.recordRefund(record.id, 100n)).rejects.toThrow(
        "only a link whose order was placed can record a refund"
      )
      await service.transition(record.id, "returned")
      await service.transition(record.id, "completed", { order_id: "order_2" })
      expect(await service.recordRefund(record.id, 4000n)).toMatchObject({
        refunded_amount: 40,
      })
      await expect(service.recordRefund(record.id, 6001n)).rejects.toThrow(
        "refunds would total 100.01, more than the 100.00 paid"
      )
      expect(await service.recordRefund(record.id, 6000n)).toMatchObject({
        refunded_amount: 100,
      })
    })
  },
})
