import { Button, Container, Copy, Heading, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import type { Reconciliation } from "../../../types"
import { useFormat } from "../../lib/format"
import { usePaylinkTranslation } from "../../lib/labels"
import {
  appliedRenewalParts,
  formatPeriod,
  renewalsOf,
} from "../../lib/reconciliation-format"
import { useReconcileGatewayLabels } from "../../lib/reconciliation-gateways"
import { downloadReconciliation } from "../../lib/reconciliations"
import { useUserName } from "../../lib/users"
import { DetailRow } from "../detail-row"
import {
  ApplyButton,
  useChangesText,
  useGatewayMismatchText,
} from "./apply-button"
import { DeleteButton } from "./delete-button"
import {
  ReadProgress,
  ReconciliationStatusBadge,
} from "./reconciliation-status"

function DownloadButton({
  reconciliation,
}: {
  reconciliation: Reconciliation
}) {
  const { t } = usePaylinkTranslation()
  const [busy, setBusy] = useState(false)
  const onClick = async () => {
    setBusy(true)
    try {
      await downloadReconciliation(reconciliation)
    } catch (e) {
      toast.error(
        t("reconcile.detail.downloadFailed", { error: (e as Error).message })
      )
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button
      size="small"
      variant="secondary"
      isLoading={busy}
      onClick={onClick}
      data-testid="paylink-reconcile-download"
    >
      {t("reconcile.detail.download")}
    </Button>
  )
}

export function ReconciliationHeader({
  reconciliation: r,
}: {
  reconciliation: Reconciliation
}) {
  const { t } = usePaylinkTranslation()
  const format = useFormat()
  const names = useReconcileGatewayLabels()
  const createdBy = useUserName(r.created_by)
  const appliedBy = useUserName(r.applied_by)
  const changesText = useChangesText()
  const mismatch = useGatewayMismatchText(r)
  const readable = r.status !== "reading" && r.status !== "failed"

  return (
    <Container className="divide-y p-0" data-testid="paylink-reconcile-header">
      <div className="flex flex-wrap items-center justify-between gap-2 px-6 py-4">
        <div className="flex items-center gap-x-2">
          <Heading level="h1">
            {t("reconcile.detail.title", { gateway: names.name(r.gateway) })}
          </Heading>
          <ReconciliationStatusBadge status={r.status} />
        </div>
        <div className="flex items-center gap-x-2">
          {readable && <DownloadButton reconciliation={r} />}
          {readable && <ApplyButton reconciliation={r} />}
          <DeleteButton reconciliation={r} />
        </div>
      </div>
      <div className="grid grid-cols-1 gap-x-8 gap-y-2 px-6 py-4 md:grid-cols-2">
        <DetailRow label={t("reconcile.detail.file")}>
          <span className="break-all">{r.file_name}</span>
        </DetailRow>
        <DetailRow label={t("reconcile.detail.sha")}>
          <span className="flex items-center gap-x-1" title={r.file_sha256}>
            <span className="font-mono">{r.file_sha256.slice(0, 12)}…</span>
            <Copy
              content={r.file_sha256}
              aria-label={t("reconcile.detail.copySha")}
            />
          </span>
        </DetailRow>
        <DetailRow label={t("reconcile.detail.period")}>
          {formatPeriod(r, format.locale) ?? "—"}
        </DetailRow>
        <DetailRow label={t("reconcile.detail.created")}>
          {t("reconcile.detail.createdBy", {
            when: format.date(r.created_at),
            who: createdBy ?? "—",
          })}
        </DetailRow>
      </div>
      {r.status === "reading" && (
        <div className="px-6 py-4">
          <ReadProgress reconciliation={r} />
        </div>
      )}
      {mismatch && r.status !== "applied" && (
        <Text
          size="small"
          weight="plus"
          className="text-ui-fg-error px-6 py-4"
          data-testid="paylink-reconcile-gateway-mismatch"
          role="alert"
        >
          {mismatch}
        </Text>
      )}
      {r.status === "failed" && (
        <Text
          size="small"
          className="text-ui-fg-error px-6 py-4"
          data-testid="paylink-reconcile-error"
        >
          {t("reconcile.detail.failed", { error: r.error ?? "—" })}
        </Text>
      )}
      {r.status === "applied" && r.applied_changes && (
        <Text
          size="small"
          className="px-6 py-4"
          data-testid="paylink-reconcile-applied"
        >
          {t("reconcile.apply.result", {
            when: format.date(r.applied_at),
            who: appliedBy ?? "—",
            changes:
              changesText(
                r.applied_changes,
                Object.values(
                  appliedRenewalParts(renewalsOf(r), r.applied_changes)
                ).flat()
              ) || t("reconcile.entries.none").toLowerCase(),
            interpolation: { escapeValue: false },
          })}
        </Text>
      )}
    </Container>
  )
}
