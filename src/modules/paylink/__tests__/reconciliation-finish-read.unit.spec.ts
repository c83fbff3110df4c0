import { ReconciliationService } from "../services/reconciliations"

/**
 * The read's end on a transaction that answers like Postgres would for a reconciliation another
 * reader already finished (status `ready`): the statements it was given are recorded.
 */
function finishedElsewhere() {
  const statements: string[] = []
  const transactionManager = {
    async execute(sql: string) {
      statements.push(sql)
      // Any guard on the status finds nothing: the reconciliation is not `reading` any more.
      if (/"status" = 'reading'/.test(sql)) return []
      if (/count\(\*\)/.test(sql)) return [{ group: "order_no_payment", n: 3 }]
      return [{ id: "x" }]
    },
  }
  return { statements, context: { transactionManager } }
}

describe("the read's end", () => {
  it("a second reader (a slow read taken over as stale) adds no entry to a reconciliation another reader finished", async () => {
    const service = new ReconciliationService({
      baseRepository: {},
      paylinkReconciliationMappingService: {} as never,
    })
    const { statements, context } = finishedElsewhere()
    const finished = await service.finishRead(
      "plrec_1",
      ["gateway_a"],
      {
        start: "2026-11-01",
        end: "2026-11-24",
        until: new Date("2026-11-24T16:00:59.999Z"),
      },
      { rows_read: 1, rows_skipped: 0, rows_bad: 0, bytes_read: 10 },
      [],
      context
    )
    expect(finished).toBe(false)
    // Orders with no payment inserted now would be applied without the merchant ever seeing them counted.
    expect(
      statements.filter((s) =>
        /insert into "paylink_reconciliation_entry"/.test(s)
      )
    ).toEqual([])
  })
})
