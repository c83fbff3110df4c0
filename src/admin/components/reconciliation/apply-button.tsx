import { Button, toast, usePrompt } from "@medusajs/ui"
import { useCallback } from "react"
import {
  ENTRY_ACTIONS,
  type EntryAction,
  type Reconciliation,
} from "../../../types"
import { usePaylinkTranslation } from "../../lib/labels"
import {
  pendingRenewalParts,
  RENEWAL_ACTIONS,
  renewalsOf,
  type ChangePart,
} from "../../lib/reconciliation-format"
import { useReconcileGatewayLabels } from "../../lib/reconciliation-gateways"
import {
  useApplyReconciliation,
  usePendingChanges,
} from "../../lib/reconciliations"

/**
 * "2 payment links to Needs attention, 1 order flagged unverified, 3 renewal orders": the entry
 * actions' counts, then the subscriptions' (`renewals`, from the reconciliation's own figures).
 */
export function useChangesText() {
  const { t } = usePaylinkTranslation()
  return useCallback(
    (changes: Record<EntryAction, number>, renewals: ChangePart[] = []) =>
      [
        ...ENTRY_ACTIONS.filter(
          (a) => !RENEWAL_ACTIONS.has(a) && changes[a] > 0
        ).map((a) => t(`reconcile.apply.${a}`, { count: changes[a] })),
        ...renewals.map((p) => t(p.key, { count: p.count })),
      ].join(", "),
    [t]
  )
}

export function useGatewayMismatchText(r: Reconciliation): string | null {
  const { t } = usePaylinkTranslation()
  const names = useReconcileGatewayLabels()
  const m = r.gateway_mismatch
  if (!m) return null
  // No payment row at all: the file's statuses may not be the mapping's paid ones.
  const key =
    m.payments === 0
      ? "reconcile.detail.gatewayMismatchNoPayment"
      : "reconcile.detail.gatewayMismatch"
  return t(key, {
    count: m.payments,
    records: m.records,
    gateway: names.name(r.gateway),
    interpolation: { escapeValue: false },
  })
}

/**
 * Apply, after a prompt that says what will change; when no payment matched a link of its gateway,
 * the prompt asks whether this is its export and confirming sends `confirm_gateway`.
 */
export function ApplyButton({
  reconciliation: r,
}: {
  reconciliation: Reconciliation
}) {
  const { t } = usePaylinkTranslation()
  const prompt = usePrompt()
  const apply = useApplyReconciliation(r.id)
  const pending = usePendingChanges(r)
  const changesText = useChangesText()
  // Every hook before the applied button's early return: a reconciliation applied while its page is
  // open renders this with fewer hooks otherwise, and React throws.
  const mismatch = useGatewayMismatchText(r)
  const renewals = pendingRenewalParts(renewalsOf(r))
  const total = pending.data
    ? ENTRY_ACTIONS.reduce(
        (n, a) => n + (RENEWAL_ACTIONS.has(a) ? 0 : pending.data[a]),
        0
      ) + renewals.reduce((n, p) => n + p.count, 0)
    : 0

  if (r.status === "applied") {
    return (
      <Button
        size="small"
        variant="secondary"
        disabled
        data-testid="paylink-reconcile-apply"
      >
        {t("reconcile.apply.already")}
      </Button>
    )
  }
  const ready = r.status === "ready" && !!pending.data
  const onClick = async () => {
    if (!pending.data) return
    const changes = t("reconcile.apply.description", {
      changes: changesText(pending.data, renewals),
      interpolation: { escapeValue: false },
    })
    const ok = await prompt({
      title: t("reconcile.apply.title"),
      description: mismatch ? `${mismatch} ${changes}` : changes,
      confirmText: t(
        mismatch ? "reconcile.apply.confirmGateway" : "reconcile.apply.button"
      ),
      cancelText: t("actions.cancel"),
      variant: mismatch ? "danger" : "confirmation",
    })
    if (!ok) return
    apply.mutate(mismatch ? { confirm_gateway: true } : {}, {
      onSuccess: () => toast.success(t("reconcile.apply.done")),
      onError: (e) => toast.error(e.message),
    })
  }
  return (
    <Button
      size="small"
      disabled={!ready || total === 0}
      isLoading={
        apply.isPending ||
        r.status === "applying" ||
        (r.status === "ready" && pending.isLoading)
      }
      onClick={onClick}
      data-testid="paylink-reconcile-apply"
    >
      {ready && total === 0
        ? t("reconcile.apply.nothing")
        : t("reconcile.apply.button")}
    </Button>
  )
}
