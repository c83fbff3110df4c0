import { Button, Hint, toast, usePrompt } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { PaylinkCheckout } from "../../../types"
import { PAYLINK_NS } from "../../i18n"
import { useSendOrderLink } from "../../lib/order-links"

type Props = {
  checkout: PaylinkCheckout
  email: string | null
  canSend: boolean
}

/**
 * "Send to customer": the link e-mailed through Medusa's notification module, after a prompt that
 * names the address. Without an e-mail provider it says how to send it instead.
 */
export function SendLinkButton({ checkout, email, canSend }: Props) {
  const { t } = useTranslation(PAYLINK_NS)
  const prompt = usePrompt()
  const send = useSendOrderLink()
  if (!canSend || !email) {
    return <Hint>{t("orderLinks.noEmailProvider")}</Hint>
  }
  const onClick = async () => {
    const ok = await prompt({
      title: t("orderLinks.send"),
      description: t("orderLinks.sendTo", { email }),
      confirmText: t("orderLinks.send"),
      cancelText: t("orderLinks.cancel"),
      variant: "confirmation",
    })
    if (!ok) {
      return
    }
    send.mutate(
      { id: checkout.id },
      {
        onSuccess: () => toast.success(t("orderLinks.sent", { email })),
        onError: (err) => toast.error(err.message),
      }
    )
  }
  return (
    <Button
      size="small"
      variant="secondary"
      type="button"
      onClick={onClick}
      isLoading={send.isPending}
      data-testid="paylink-send-link"
    >
      {t("orderLinks.sendTo", { email })}
    </Button>
  )
}
