import { Button, toast, usePrompt } from "@medusajs/ui"
import { useNavigate } from "react-router-dom"
import type { Reconciliation } from "../../../types"
import { usePaylinkTranslation } from "../../lib/labels"
import { useDeleteReconciliation } from "../../lib/reconciliations"

/** Only these can be deleted: one being read or applied is in progress, and an applied one is the record of what it changed. */
/** Failed, or read and never applied: one an apply left part way keeps the record of what it changed. */
export const canDelete = (r: Pick<Reconciliation, "status" | "applied_changes">) => (r.status === "failed" || r.status === "ready") && r.applied_changes === null

/**
 * Delete: after a prompt naming the file, the server deletes the reconciliation, its rows and the
 * uploaded file, and the merchant is taken back to the list. Shown only for a failed or unapplied one.
 */
export function DeleteButton({ reconciliation: r }: { reconciliation: Reconciliation }) {
  const { t } = usePaylinkTranslation()
  const prompt = usePrompt()
  const navigate = useNavigate()
  const remove = useDeleteReconciliation(r.id)
  if (!canDelete(r)) return null
  const onClick = async () => {
    const ok = await prompt({
      title: t("reconcile.delete.title"),
      description: t("reconcile.delete.description", { file: r.file_name, interpolation: { escapeValue: false } }),
      confirmText: t("reconcile.delete.confirm"),
      cancelText: t("actions.cancel"),
    })
    if (!ok) return
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(t("reconcile.delete.done"))
        navigate("/payment-links/reconciliations")
      },
      onError: (e) => toast.error(e.message),
    })
  }
  return (
    <Button size="small" variant="danger" isLoading={remove.isPending} onClick={onClick} data-testid="paylink-reconcile-delete">
      {t("reconcile.delete.button")}
    </Button>
  )
}
