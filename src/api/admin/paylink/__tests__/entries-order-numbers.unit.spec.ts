/**
 * The reconciliation entries name their orders by number for the merchant; those numbers are read
 * from Medusa's orders. When that read fails, the entries must still answer (with the order ids),
 * not the whole list a 500.
 */
import { withOrderNumbers } from "../reconciliations/[id]/entries/route"

const entries = [
  { id: "e1", order_id: "order_1" },
  { id: "e2", order_id: null },
] as any[]

const scopeWith = (graph: () => Promise<unknown>) => {
  const warnings: string[] = []
  const scope = {
    resolve: (key: string) =>
      key === "query" ? { graph } : { warn: (m: string) => warnings.push(m) },
  } as any
  return { scope, warnings }
}

it("names each entry's order by its number", async () => {
  const { scope } = scopeWith(async () => ({
    data: [{ id: "order_1", display_id: 12 }],
  }))
  expect(
    (await withOrderNumbers(scope, entries)).map((e) => e.order_display_id)
  ).toEqual([12, null])
})

it("answers the entries without numbers, and logs why, when the orders cannot be read", async () => {
  const { scope, warnings } = scopeWith(async () => {
    throw new Error("connection reset")
  })
  const answered = await withOrderNumbers(scope, entries)
  expect(answered.map((e) => [e.id, e.order_id, e.order_display_id])).toEqual([
    ["e1", "order_1", null],
    ["e2", null, null],
  ])
  expect(warnings).toEqual([
    "paylink: the reconciliation entries' order numbers could not be read: connection reset",
  ])
})
