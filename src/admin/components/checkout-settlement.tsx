import { Text } from "@medusajs/ui"
import type { PaylinkCheckout as Checkout } from "../../types"
import { formatDate } from "../lib/format"
import { useUserName } from "../lib/users"

const TEXT = {
  refunded: (who: string, when: string) => `Refunded by hand by ${who}, ${when}`,
  placed: (who: string, when: string) => `Order placed by hand by ${who}, ${when}`,
  settled: (who: string, when: string) => `Settled by hand by ${who}, ${when}`,
  someone: "an admin",
  note: "Note:",
}

/** Who settled a paid link by hand, when, and their note; nothing when nobody did. */
export function CheckoutSettlement({ checkout }: { checkout: Checkout }) {
  const name = useUserName(checkout.settled_by)
  if (!checkout.settled_at && !checkout.settled_by) {
    return null
  }
  const who = name ?? TEXT.someone
  const when = formatDate(checkout.settled_at)
  const line =
    checkout.status === "refunded"
      ? TEXT.refunded(who, when)
      : checkout.status === "completed"
        ? TEXT.placed(who, when)
        : TEXT.settled(who, when)
  return (
    <div className="flex flex-col gap-y-1" data-testid="paylink-settlement">
      <Text size="small" className="text-ui-fg-subtle">
        {line}
      </Text>
      {checkout.settlement_note && (
        <Text size="small" className="text-ui-fg-subtle whitespace-pre-wrap break-words">
          {TEXT.note} {checkout.settlement_note}
        </Text>
      )}
    </div>
  )
}
