import en from "../../../admin/i18n/en/attention.json"
import es from "../../../admin/i18n/es/attention.json"
import {
  ATTENTION_CODES,
  attentionReason,
  attentionText,
} from "../attention-reason"
import { refusedByReason } from "../attention-actions"

describe("attention reasons", () => {
  it("has a sentence for every code in the admin's English and Spanish, and no other", () => {
    expect(Object.keys(en.reasons).sort()).toEqual([...ATTENTION_CODES].sort())
    expect(Object.keys(es.reasons).sort()).toEqual([...ATTENTION_CODES].sort())
  })

  it("the admin's sentences use only the params the server stores", () => {
    const known = new Set([
      "number",
      "order",
      "paid",
      "total",
      "owed",
      "status",
      "error",
      "tail",
      "remedy",
      "gateway",
      "day",
      "reported",
    ])
    for (const lang of [en, es]) {
      for (const [code, text] of Object.entries(lang.reasons)) {
        const used = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1])
        expect({ code, unknown: used.filter((u) => !known.has(u)) }).toEqual({
          code,
          unknown: [],
        })
      }
    }
  })

  it("writes the English sentence with the order as 'order #5' and amounts from cents", () => {
    const r = attentionReason("order_owes_different", {
      number: 7,
      target: "cart",
      order: { id: "order_1", display_id: 5 },
      currency: "GTQ",
      paid: 18450,
      owed: 10000,
    })
    expect(r).toMatchObject({
      code: "order_owes_different",
      params: { number: 7, paid: 18450 },
    })
    expect(r.text).toBe(
      "Link 7 was paid GTQ 184.50, but order #5 owes GTQ 100.00; the payment was not recorded on it: refund the payment, or the difference, by hand."
    )
    expect(attentionText("link_expired", { number: 3, target: "order" })).toBe(
      "Link 3 was paid, but it had expired; the payment was not recorded on the order."
    )
    expect(
      attentionText("amount_mismatch", {
        number: 2,
        order: { id: "order_2", display_id: 9, draft: true },
        currency: "USD",
        paid: 500,
        owed: 700,
        remedy: "draft",
      })
    ).toContain("but draft order #9 now owes USD 7.00")
  })

  it("words a payment found only in the gateway's report, and refuses Place order when the report's amount differs", () => {
    const report = {
      number: 12,
      target: "cart" as const,
      gateway: "gateway_a",
      day: "2026-11-24",
      currency: "GTQ",
    }
    expect(attentionText("paid_in_report", { ...report, paid: 123450 })).toBe(
      "Link 12 was paid (gateway A's report, 2026-11-24, GTQ 1234.50), but the customer never came back to the store; the cart was not completed."
    )
    const differs = attentionReason("paid_in_report_differs", {
      ...report,
      target: "order",
      reported: 15000,
      total: 20000,
    })
    expect(differs.text).toBe(
      "Link 12 was paid GTQ 150.00 (gateway A's report, 2026-11-24), but it was for GTQ 200.00; the payment was not recorded on the order: refund the payment by hand."
    )
    expect(
      refusedByReason({
        attention_detail: { code: differs.code, params: differs.params },
      })
    ).toEqual(differs)
    expect(
      refusedByReason({
        attention_detail: { code: "paid_in_report", params: report },
      })
    ).toBeNull()
    expect(refusedByReason({ attention_detail: null })).toBeNull()
    // A record a return handed over, flagged paid short by a reconciliation: Place order stays refused.
    const short = refusedByReason({
      number: 7,
      origin: "storefront",
      payment_verification: "short",
      attention_detail: {
        code: "cart_completion_failed",
        params: { number: 7 },
      },
    })
    expect(short).toMatchObject({
      code: "paid_short_in_report",
      params: { number: 7, target: "cart" },
    })
    expect(short?.text).toContain("refund the payment by hand")
  })
})
