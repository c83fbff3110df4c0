/**
 * How long the plugin's jobs wait and how often they run, with the environment variables that
 * shorten them for tests. Unset, as in production, every value is its default. Read once.
 */

function msFromEnv(name: string): number | null {
  const ms = Number(process.env[name])
  return ms > 0 ? ms : null
}

const MINUTE = 60_000

export const PACING = {
  /** A link record still without the service's answer after this never gets it (expire job). */
  unansweredAfterMs: msFromEnv("PAYLINK_UNANSWERED_AFTER_MS") ?? 5 * MINUTE,
  /** A return still `returned` after this was interrupted; the stranded-returns job settles it. */
  strandedAfterMs: msFromEnv("PAYLINK_STRANDED_AFTER_MS") ?? 10 * MINUTE,
  /** A reconciliation read without progress for this long stopped with its process; read again. */
  staleReadAfterMs: msFromEnv("PAYLINK_STALE_READ_AFTER_MS") ?? 2 * MINUTE,
  /** An apply without a batch for this long stopped with its process; another may take it over. */
  staleApplyAfterMs: msFromEnv("PAYLINK_STALE_APPLY_AFTER_MS") ?? 10 * MINUTE,
  /** An upload no reconciliation used after this is deleted (it holds card digits). */
  orphanUploadAfterMs:
    msFromEnv("PAYLINK_ORPHAN_UPLOAD_AFTER_MS") ?? 24 * 60 * MINUTE,
  /** A gateway's Test token makes a real link: at most one such test per gateway in this time. */
  testTokenIntervalMs: msFromEnv("PAYLINK_TEST_TOKEN_INTERVAL_MS") ?? MINUTE,
}

/** The job's cron expression, or every so many milliseconds when a test sets `intervalEnv`. */
export function jobSchedule(
  intervalEnv: string,
  cron: string
): string | { interval: number } {
  const interval = msFromEnv(intervalEnv)
  return interval === null ? cron : { interval }
}
