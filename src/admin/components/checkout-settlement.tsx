import { Text } from "@medusajs/ui"
import type { PaylinkCheckout as Checkout } from "../../types"
import { useFormat } from "../lib/format"
import { usePaylinkTranslation } from "../lib/labels"
import { useUserName } from "../lib/users"

/** Who settled a paid link by hand, when, and their note; nothing when nobody did. */
export function CheckoutSettlement({ checkout }: { checkout: Checkout }) {
  const { t } = usePaylinkTranslation()
  const format = useFormat()
  const name = useUserName(checkout.settled_by)
  if (!checkout.settled_at && !checkout.settled_by) {
    return null
  }
  const values = {
    who: name ?? t("checkouts.settlement.someone"),
    when: format.date(checkout.settled_at),
  }
  const line =
    checkout.status === "refunded"
      ? t("checkouts.settlement.refunded", values)
      : checkout.status === "completed"
        ? t("checkouts.settlement.placed", values)
        : t("checkouts.settlement.settled", values)
  return (
    <div className="flex flex-col gap-y-1" data-testid="paylink-settlement">
      <Text size="small" className="text-ui-fg-subtle">
        {line}
      </Text>
      {checkout.settlement_note && (
        <Text
          size="small"
          className="text-ui-fg-subtle whitespace-pre-wrap break-words"
        >
          {t("checkouts.settlement.note", { note: checkout.settlement_note })}
        </Text>
      )}
    </div>
  )
}
