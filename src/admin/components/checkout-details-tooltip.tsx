import { InformationCircleSolid } from "@medusajs/icons"
import { Tooltip } from "@medusajs/ui"
import type { PaylinkCheckout as Checkout } from "../../types"
import { usePaylinkTranslation } from "../lib/labels"
import { CheckoutSettlement } from "./checkout-settlement"
import { AttentionReasonText } from "./attention-reason"
import { FailureReason } from "./failure-reason"

/** Why a record needs attention or failed, and who settled it by hand, on hover or focus. */
export function CheckoutDetailsTooltip({ checkout }: { checkout: Checkout }) {
  const { t } = usePaylinkTranslation()
  const reason = checkout.attention_reason
  const failure = checkout.status === "failed" ? checkout.failure_reason : null
  const settled = !!(checkout.settled_at || checkout.settled_by)
  if (!reason && !failure && !settled) {
    return null
  }
  return (
    <Tooltip
      maxWidth={380}
      content={
        <div
          className="flex flex-col gap-y-1 py-1"
          data-testid="paylink-checkout-details"
        >
          {reason && (
            <span className="text-ui-fg-base">
              <AttentionReasonText
                detail={checkout.attention_detail}
                fallback={reason}
              />
            </span>
          )}
          {failure && (
            <span className="text-ui-fg-base">
              {t("checkouts.tooltip.failed")}{" "}
              <FailureReason checkout={checkout} plain />
            </span>
          )}
          {settled && <CheckoutSettlement checkout={checkout} />}
        </div>
      }
    >
      <button
        type="button"
        aria-label={t("checkouts.tooltip.label", { number: checkout.number })}
        className="text-ui-fg-muted hover:text-ui-fg-subtle flex items-center"
      >
        <InformationCircleSolid />
      </button>
    </Tooltip>
  )
}
