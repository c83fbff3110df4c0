/** What the reconcile page says Apply will do to subscriptions, and what it did, with the real strings. */
import i18next from "i18next"
import type { ReconciliationRenewals } from "../../../types"
import { en, es, PAYLINK_NS } from "../../i18n"
import {
  appliedRenewalParts,
  pendingRenewalParts,
  type ChangePart,
} from "../reconciliation-format"

async function words(lng: "en" | "es") {
  const i18n = i18next.createInstance()
  await i18n.init({
    lng,
    ns: [PAYLINK_NS],
    defaultNS: PAYLINK_NS,
    resources: { en: { [PAYLINK_NS]: en }, es: { [PAYLINK_NS]: es } },
  })
  return (parts: ChangePart[]) =>
    parts.map((p) => i18n.t(p.key, { count: p.count }))
}

const renewals = (
  over: Partial<ReconciliationRenewals> = {}
): ReconciliationRenewals => ({
  renewal_orders: true,
  renewals_to_apply: 0,
  orders_to_make: 0,
  overdue_to_flag: 0,
  orders_made: 0,
  overdue_flagged: 0,
  ...over,
})

describe("renewals in the Apply prompt", () => {
  it("says the renewal orders Apply makes and the subscriptions it flags", async () => {
    const enW = await words("en")
    const esW = await words("es")
    const on = renewals({
      renewals_to_apply: 3,
      orders_to_make: 3,
      overdue_to_flag: 1,
    })
    expect(enW(pendingRenewalParts(on))).toEqual([
      "3 renewal orders",
      "1 subscription flagged renewal overdue",
    ])
    expect(esW(pendingRenewalParts(on))).toEqual([
      "3 pedidos de renovación",
      "1 suscripción marcada con renovación atrasada",
    ])
  })

  it("with the setting off, says the renewals are recorded without orders", async () => {
    const enW = await words("en")
    const off = renewals({ renewal_orders: false, renewals_to_apply: 3 })
    expect(enW(pendingRenewalParts(off))).toEqual([
      "3 renewals recorded without orders (setting off)",
    ])
    expect(
      enW(
        pendingRenewalParts(
          renewals({ renewal_orders: false, renewals_to_apply: 1 })
        )
      )
    ).toEqual(["1 renewal recorded without an order (setting off)"])
  })

  it("with the setting on, a file read again (charges recorded already) makes no renewal order and says none", () => {
    expect(
      pendingRenewalParts(renewals({ renewals_to_apply: 2, orders_to_make: 0 }))
    ).toEqual([])
  })

  it("says nothing without renewals (a server without subscriptions too)", () => {
    expect(pendingRenewalParts(renewals())).toEqual([])
    expect(pendingRenewalParts(null)).toEqual([])
    expect(appliedRenewalParts(undefined)).toEqual({
      matched: [],
      order_no_payment: [],
    })
  })
})

describe("renewals on the group cards after Apply", () => {
  it("puts the orders made on Matched and the overdue ones on Order, no payment", async () => {
    const enW = await words("en")
    const esW = await words("es")
    const done = appliedRenewalParts(
      renewals({ orders_made: 2, overdue_flagged: 1 })
    )
    expect(enW(done.matched)).toEqual(["2 renewal orders made"])
    expect(enW(done.order_no_payment)).toEqual(["1 renewal overdue"])
    expect(esW([...done.matched, ...done.order_no_payment])).toEqual([
      "2 pedidos de renovación creados",
      "1 renovación atrasada",
    ])
  })

  it("with the setting off, counts the renewals applying recorded without orders", async () => {
    const enW = await words("en")
    const off = appliedRenewalParts(renewals({ renewal_orders: false }), {
      renewal_order: 3,
    })
    expect(enW(off.matched)).toEqual(["3 renewals recorded without orders"])
    // With the setting on, the orders made say it (a renewal still being made is not "without order").
    expect(
      enW(
        appliedRenewalParts(renewals({ orders_made: 2 }), { renewal_order: 3 })
          .matched
      )
    ).toEqual(["2 renewal orders made"])
  })
})
