import { Button, toast, usePrompt } from "@medusajs/ui"
import { useNavigate } from "react-router-dom"
import type { Reconciliation } from "../../../types"
import { usePaylinkTranslation } from "../../lib/labels"
import { useDeleteReconciliation } from "../../lib/reconciliations"

/** Failed, or never applied: an applied one, even part way, is the record of what it changed. */
export const canDelete = (
  r: Pick<Reconciliation, "status" | "applied_changes">
) =>
  (r.status === "failed" || r.status === "ready") && r.applied_changes === null

export function DeleteButton({
  reconciliation: r,
}: {
  reconciliation: Reconciliation
}) {
  const { t } = usePaylinkTranslation()
  const prompt = usePrompt()
  const navigate = useNavigate()
  const remove = useDeleteReconciliation(r.id)
  if (!canDelete(r)) return null
  const onClick = async () => {
    const ok = await prompt({
      title: t("reconcile.delete.title"),
      description: t("reconcile.delete.description", {
        file: r.file_name,
        interpolation: { escapeValue: false },
      }),
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
    <Button
      size="small"
      variant="danger"
      isLoading={remove.isPending}
      onClick={onClick}
      data-testid="paylink-reconcile-delete"
    >
      {t("reconcile.delete.button")}
    </Button>
  )
}
