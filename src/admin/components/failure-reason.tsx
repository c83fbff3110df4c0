import { InformationCircle } from "@medusajs/icons"
import { Tooltip } from "@medusajs/ui"
import type { Gateway, PaylinkCheckout } from "../../types"
import { isFailureDetail } from "../../lib/paylink/failure-detail"
import { useLabels, usePaylinkTranslation } from "../lib/labels"

/**
 * Why a link could not be made, in the admin's language, from its code (`failure_detail`). A link
 * that failed before codes were kept reads as the gateway having failed to make it. The stored
 * sentence (the gateway client's English, never a secret) is for support: in a tooltip, unless
 * `plain` (already inside a tooltip).
 */
export function FailureReason({
  checkout: c,
  plain = false,
}: {
  checkout: Pick<
    PaylinkCheckout,
    "failure_detail" | "failure_reason" | "gateway"
  >
  plain?: boolean
}) {
  const { t } = usePaylinkTranslation()
  const labels = useLabels()
  const detail = isFailureDetail(c.failure_detail) ? c.failure_detail : null
  const gateway = labels.gateway(
    (detail?.params.gateway ?? c.gateway) as Gateway
  )
  const text = t(`checkouts.failures.${detail?.code ?? "other"}`, {
    gateway,
    interpolation: { escapeValue: false },
  })
  return (
    <span
      className="inline-flex items-start gap-x-1"
      data-testid="paylink-failure-reason"
    >
      <span>{text}</span>
      {!plain && c.failure_reason && (
        <Tooltip
          maxWidth={380}
          content={
            <span className="flex flex-col gap-y-0.5 py-1">
              <span className="text-ui-fg-subtle">
                {t("checkouts.failures.technical")}
              </span>
              <span className="break-words font-mono text-xs">
                {c.failure_reason}
              </span>
            </span>
          }
        >
          <button
            type="button"
            aria-label={t("checkouts.failures.technical")}
            className="text-ui-fg-muted hover:text-ui-fg-subtle mt-0.5 shrink-0"
          >
            <InformationCircle />
          </button>
        </Tooltip>
      )}
    </span>
  )
}
