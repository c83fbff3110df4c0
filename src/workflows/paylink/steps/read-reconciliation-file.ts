import type { Readable } from "node:stream"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  EMPTY_PERIOD,
  mappingProblems,
  openCsv,
  READ_ATTEMPTS,
  readFailedReason,
  readReportRow,
  ReadWriteError,
  widenPeriod,
  type FailedLines,
  type PaymentRow,
} from "../../../lib/reconciliation"
import { GATEWAY_DEFINITIONS } from "../../../lib/paylink/gateways"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"
import type { BadRowInsert, ReadProgress } from "../../../modules/paylink/types"
import type {
  ReconciliationGateway,
  ReconciliationMapping,
  ReconciliationStatus,
} from "../../../types/reconciliation"
import { writeBatch, type ReadContext } from "./reconciliation-batch"
import { missedRenewals } from "./missed-renewals"
import { gapMsOf } from "../../../lib/subscriptions/schedule"
import { subscribeFirstOrders } from "../../../lib/subscriptions/subscribe-first-order"
import { crashPoint } from "../../../lib/testing/crash-point"

/** One record query and one insert each: a thousand keeps both small and few. */
export const READ_BATCH_LINES = 1000

export type ReadOutcome = {
  id: string
  status: ReconciliationStatus | "skipped"
  progress?: ReadProgress
}

const describe = (error: unknown) =>
  error instanceof Error ? error.message : String(error)

/**
 * The background read of one reconciliation, streamed in batches and restartable from the start
 * (every write is idempotent). A failed write is thrown for the resume job; the READ_ATTEMPTS-th
 * ends the read `failed` (docs/architecture.md#uploads-and-the-read).
 */
export const readReconciliationFileStep = createStep(
  "read-reconciliation-file",
  async (id: string, { container }) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    const rec = await paylink.retrievePaylinkReconciliation(id)
    if (rec.status !== "reading") {
      return new StepResponse<ReadOutcome>({ id, status: "skipped" })
    }
    const gateway = rec.gateway as ReconciliationGateway
    const mapping = rec.mapping as unknown as ReconciliationMapping
    const products = GATEWAY_DEFINITIONS.filter((d) => d.pathKey === gateway)
    const progress: ReadProgress = {
      rows_read: 0,
      rows_skipped: 0,
      rows_bad: 0,
      bytes_read: 0,
    }
    let period = EMPTY_PERIOD
    const ctx: ReadContext = {
      id,
      gateway,
      matched: new Set(),
      skewMs: paylink.getPluginOptions().clockSkewMinutes * 60_000,
      gapMs: gapMsOf(paylink.getPluginOptions().renewalGapMinutes),
      ensureSubscriptions: (recordIds) =>
        subscribeFirstOrders(container, recordIds),
    }
    let payments: PaymentRow[] = []
    let bad: Omit<BadRowInsert, "id">[] = []
    let lines = 0
    let firstLine = 0
    let lastLine = 0
    /** A failed write is counted, then thrown or the read ended. */
    const written = async (at: FailedLines, write: () => Promise<unknown>) => {
      try {
        await write()
      } catch (error) {
        throw new ReadWriteError(id, at, error)
      }
    }
    const flush = async () => {
      await written({ first: firstLine, last: lastLine }, () =>
        writeBatch(paylink, ctx, payments, bad, progress)
      )
      await crashPoint("reconcile:batch-read")
      payments = []
      bad = []
      lines = 0
      firstLine = 0
    }
    try {
      try {
        const source = (await container
          .resolve(Modules.FILE)
          .getDownloadStream(rec.file_key)) as Readable
        const csv = await openCsv(
          source,
          {
            encoding: rec.encoding as "utf-8" | "latin1",
            delimiter: rec.delimiter as "," | ";",
          },
          (n) => {
            progress.bytes_read = n
          }
        )
        const problems = mappingProblems(mapping, csv.columns)
        if (problems.length) {
          throw new Error(
            `the file's header no longer fits the mapping (${problems.map((p) => `${p.field}: ${p.rule}`).join("; ")})`
          )
        }
        const currency = products[0]?.currencies[0] ?? "GTQ"
        for await (const row of csv.rows) {
          progress.rows_read++
          firstLine ||= row.line
          lastLine = row.line
          const read = readReportRow(row, csv.columns, mapping, currency)
          if (read.kind === "payment") {
            period = widenPeriod(period, read)
            payments.push(read)
          } else if (read.kind === "other") {
            period = widenPeriod(
              period,
              read.day && read.through
                ? { day: read.day, through: read.through }
                : null
            )
            progress.rows_skipped++
          } else {
            progress.rows_bad++
            bad.push({
              line: read.line,
              column: read.column,
              value: read.value,
              reason: read.reason,
            })
          }
          if (++lines >= READ_BATCH_LINES) await flush()
        }
      } catch (error) {
        // A failed write is not a file that cannot be read: it is counted below and read again.
        if (error instanceof ReadWriteError) throw error
        await paylink.failReconciliationRead(
          id,
          `The file could not be read: ${describe(error)}`
        )
        return new StepResponse<ReadOutcome>({ id, status: "failed", progress })
      }
      if (lines > 0) await flush()
      progress.bytes_read = Number(rec.file_size)
      await written({ first: 0, last: 0 }, async () =>
        paylink.finishReconciliationRead(
          id,
          products.map((d) => d.id),
          period,
          progress,
          await missedRenewals(
            paylink,
            id,
            products.map((d) => d.id),
            period
          )
        )
      )
    } catch (error) {
      if (!(error instanceof ReadWriteError)) throw error
      // The resume job reads it again once stale; READ_ATTEMPTS failed writes are no blip.
      const failures = await paylink.recordReconciliationBatchFailure(
        id,
        error.lines.first
      )
      if (failures < READ_ATTEMPTS) throw error
      await paylink.failReconciliationRead(
        id,
        readFailedReason(error.lines, error.code, failures)
      )
      return new StepResponse<ReadOutcome>({ id, status: "failed", progress })
    }
    return new StepResponse<ReadOutcome>({ id, status: "ready", progress })
  }
)
