import { StatusBadge, Text } from "@medusajs/ui"
import type { Reconciliation, ReconciliationStatus } from "../../../types"
import { useFormat } from "../../lib/format"
import { usePaylinkTranslation } from "../../lib/labels"
import { fileSize } from "./upload-step"

const COLORS: Record<
  ReconciliationStatus,
  "green" | "red" | "blue" | "orange" | "grey"
> = {
  reading: "blue",
  ready: "orange",
  applying: "blue",
  applied: "green",
  failed: "red",
}

export function ReconciliationStatusBadge({
  status,
}: {
  status: ReconciliationStatus
}) {
  const { t } = usePaylinkTranslation()
  return (
    <StatusBadge color={COLORS[status] ?? "grey"}>
      {t(`reconcile.statuses.${status}`, { defaultValue: status })}
    </StatusBadge>
  )
}

/** How far the read is, in whole percent of the file's bytes (a file of 0 bytes is never read). */
export function readPercent(
  r: Pick<Reconciliation, "bytes_read" | "file_size">
) {
  return r.file_size > 0
    ? Math.min(100, Math.floor((r.bytes_read / r.file_size) * 100))
    : 0
}

/** `compact` for a list's cell (the bar and the percent only). */
export function ReadProgress({
  reconciliation: r,
  compact = false,
}: {
  reconciliation: Reconciliation
  compact?: boolean
}) {
  const { t } = usePaylinkTranslation()
  const format = useFormat()
  const percent = readPercent(r)
  const bar = (
    <div
      role="progressbar"
      aria-label={t("reconcile.progress.label")}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="bg-ui-bg-subtle shadow-borders-base h-2 w-full overflow-hidden rounded-full"
      data-testid="paylink-reconcile-progress"
    >
      <div
        className="bg-ui-fg-interactive h-full rounded-full transition-[width] duration-500"
        style={{ width: `${percent}%` }}
      />
    </div>
  )
  if (compact) {
    return (
      <span className="flex w-[120px] items-center gap-x-2">
        {bar}
        <span className="text-ui-fg-subtle txt-compact-xsmall">
          {percent} %
        </span>
      </span>
    )
  }
  return (
    <div className="flex flex-col gap-y-2">
      <div className="flex items-center justify-between gap-x-2">
        <Text size="small" weight="plus">
          {t("reconcile.progress.label")}
        </Text>
        <Text
          size="small"
          className="text-ui-fg-subtle"
          data-testid="paylink-reconcile-progress-text"
        >
          {t("reconcile.progress.rows", { count: r.rows_read })} ·{" "}
          {t("reconcile.progress.bytes", {
            read: fileSize(r.bytes_read, format.locale),
            total: fileSize(r.file_size, format.locale),
            percent,
          })}
        </Text>
      </div>
      {bar}
    </div>
  )
}
