import en from "../../admin/i18n/en/attention.json"
import es from "../../admin/i18n/es/attention.json"
import { ATTENTION_CODES, attentionReason, attentionText } from "../attention-reason"

describe("attention reasons", () => {
  it("has a sentence for every code in the admin's English and Spanish, and no other", () => {
    expect(Object.keys(en.reasons).sort()).toEqual([...ATTENTION_CODES].sort())
    expect(Object.keys(es.reasons).sort()).toEqual([...ATTENTION_CODES].sort())
  })

  it("the admin's sentences use only the params the server stores", () => {
    const known = new Set(["number", "order", "paid", "total", "owed", "status", "error", "tail", "remedy"])
    for (const lang of [en, es]) {
      for (const [code, text] of Object.entries(lang.reasons)) {
        const used = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1])
        expect({ code, unknown: used.filter((u) => !known.has(u)) }).toEqual({ code, unknown: [] })
      }
    }
  })

  it("writes the English sentence with the order as 'order #5' and amounts from cents", () => {
    const r = attentionReason("order_owes_different", { number: 7, target: "cart", order: { id: "order_1", display_id: 5 }, currency: "GTQ", paid: 18450, owed: 10000 })
    expect(r).toMatchObject({ code: "order_owes_different", params: { number: 7, paid: 18450 } })
    expect(r.text).toBe(
      "Link 7 was paid GTQ 184.50, but order #5 owes GTQ 100.00; the payment was not recorded on it: refund the payment, or the difference, by hand."
    )
    expect(attentionText("link_expired", { number: 3, target: "order" })).toBe("Link 3 was paid, but it had expired; the payment was not recorded on the order.")
    expect(attentionText("amount_mismatch", { number: 2, order: { id: "order_2", display_id: 9, draft: true }, currency: "USD", paid: 500, owed: 700, remedy: "draft" })).toContain(
      "but draft order #9 now owes USD 7.00"
    )
  })
})
