/**
 * Named points where a money flow or a reconciliation can be interrupted, for the crash test (integration-tests/crash):
 * with PAYLINK_TEST_PAUSE_AT set to a point's name, the process that reaches it appends the name to
 * PAYLINK_TEST_PAUSE_FILE and stops there, so the test can kill it with SIGKILL at exactly that
 * step and restart it. With PAYLINK_TEST_PAUSE_MS also set, it goes on after that many milliseconds
 * instead: a race test holds one request at the point while it fires another. Unset (always,
 * outside those tests) it costs one environment read.
 */
import { appendFileSync } from "node:fs"

export type CrashPoint =
  /** A paid return moved the record to `returned`; the cart is not completed yet. */
  | "return:returned"
  /** Cart completion created the order and asks the provider to authorize its session. */
  | "return:order-created"
  /** Cart completion finished (payment authorized and captured); the record is not tied yet. */
  | "return:authorized"
  /** The service answered a new link; the answer is not on the record yet. */
  | "link:answered"
  /** A link request found no paid link on its cart; the cart's sessions are not touched yet. */
  | "link:checked"
  /**
   * A reconciliation read's batch (entries, bad rows, progress) committed; the next batch not read.
   * Reached after every batch, so a process stopped here stops after the first: a file of several
   * batches is cut in the middle.
   */
  | "reconcile:batch-read"
  /** An apply's batch (records, entries marked applied, tally) committed; the next batch not started. After every batch, as above. */
  | "reconcile:batch-applied"
  /**
   * Inside an apply batch's transaction: its records changed, its entries not yet marked applied
   * nor counted. A process killed here must leave nothing of the batch (it is one transaction).
   */
  | "reconcile:batch-applying"

export async function crashPoint(point: CrashPoint): Promise<void> {
  if (process.env.PAYLINK_TEST_PAUSE_AT !== point) {
    return
  }
  if (process.env.PAYLINK_TEST_PAUSE_FILE) {
    appendFileSync(process.env.PAYLINK_TEST_PAUSE_FILE, `${point}\n`)
  }
  const ms = Number(process.env.PAYLINK_TEST_PAUSE_MS)
  // Waits for the test's SIGKILL and never goes on, unless the test gave a pause.
  await new Promise((resolve) => (ms > 0 ? setTimeout(resolve, ms) : undefined))
}
