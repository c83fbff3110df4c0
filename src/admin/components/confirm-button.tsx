import { Button, toast, usePrompt } from "@medusajs/ui"
import type { PaylinkCheckout as Checkout } from "../../types"
import { useConfirmCheckout } from "../lib/checkouts"
import { usePaylinkTranslation } from "../lib/labels"

/** Manual confirmation: the merchant vouches that the gateway's dashboard shows this payment. */
export function ConfirmButton({ checkout }: { checkout: Checkout }) {
  const { t } = usePaylinkTranslation()
  const prompt = usePrompt()
  const confirm = useConfirmCheckout()
  const number = { number: checkout.number }
  const onClick = async () => {
    const ok = await prompt({
      title: t("checkouts.confirm.title", number),
      description: t("checkouts.confirm.description"),
      confirmText: t("checkouts.confirm.button"),
      cancelText: t("actions.cancel"),
    })
    if (!ok) {
      return
    }
    confirm.mutate(checkout.id, {
      onSuccess: () => toast.success(t("checkouts.confirm.confirmed", number)),
      onError: (e) => toast.error(e.message),
    })
  }
  return (
    <Button
      size="small"
      variant="secondary"
      isLoading={confirm.isPending}
      onClick={onClick}
    >
      {t("checkouts.confirm.button")}
    </Button>
  )
}
