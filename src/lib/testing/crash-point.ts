/**
 * Named points where a money flow can be interrupted, for the crash and race tests: the process that
 * reaches PAYLINK_TEST_PAUSE_AT appends its name to PAYLINK_TEST_PAUSE_FILE and stops there (or goes
 * on after PAYLINK_TEST_PAUSE_MS). Unset, a point costs one environment read (docs/architecture.md#test-hooks).
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
  /** A read's batch committed (after every batch, so a process stopped here stops after the first). */
  | "reconcile:batch-read"
  /** An apply's batch committed; the next batch not started. */
  | "reconcile:batch-applied"
  /** Inside an apply batch's transaction: a process killed here must leave nothing of the batch. */
  | "reconcile:batch-applying"
  /** A renewal's order exists (made with the id its renewal chose); its payment is not recorded yet. */
  | "renewal:order-created"
  /** A renewal order's payment is recorded captured; the renewal is not marked made yet. */
  | "renewal:payment-recorded"

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
