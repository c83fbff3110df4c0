import { StatusBadge, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import type {
  AdminReconciliationResponse,
  PaylinkCheckout,
} from "../../../types"
import { gatewayDefinition } from "../../../lib/paylink/gateways"
import { useFormat } from "../../lib/format"
import { usePaylinkTranslation } from "../../lib/labels"
import { reconciliationKeys } from "../../lib/query-keys"
import { formatDay } from "../../lib/reconciliation-format"
import { sdk } from "../../lib/sdk"

/** Red for money missing from a report's row (paid short), orange for no row at all. */
const BADGE_COLORS = {
  verified: "green",
  unverified: "orange",
  short: "red",
} as const

/** What the last applied reconciliation said of a link's payment, on its order's page; nothing if never reconciled. */
export function VerificationBadge({
  checkout: c,
}: {
  checkout: PaylinkCheckout
}) {
  const { t } = usePaylinkTranslation()
  const format = useFormat()
  const id = c.verification_reconciliation_id
  const { data } = useQuery({
    queryKey: reconciliationKeys.detail(id ?? ""),
    queryFn: () =>
      sdk.client.fetch<AdminReconciliationResponse>(
        `/admin/paylink/reconciliations/${id}`
      ),
    enabled: !!id && !!c.payment_verification,
    staleTime: 60_000,
  })
  const state = c.payment_verification
  if (state !== "verified" && state !== "unverified" && state !== "short")
    return null
  const r = data?.reconciliation
  const day = r?.period_end ?? r?.created_at.slice(0, 10)
  const letter = gatewayDefinition(c.gateway)?.letter
  return (
    <div
      className="flex flex-col items-start gap-y-1"
      data-testid="paylink-payment-verification"
      data-state={state}
    >
      <StatusBadge color={BADGE_COLORS[state]}>
        {t(`reconcile.verification.${state}Short`)}
      </StatusBadge>
      {day && letter && (
        <Text
          size="small"
          className={
            state === "verified" ? "text-ui-fg-subtle" : "text-ui-fg-error"
          }
        >
          {t(`reconcile.verification.${state}`, {
            letter,
            date: formatDay(day, format.locale),
          })}
        </Text>
      )}
    </div>
  )
}
