import { Link } from "react-router-dom"
import type { PaylinkCheckout } from "../../types"
import { useFormat } from "../lib/format"
import { useLabels, usePaylinkTranslation } from "../lib/labels"

type Report = NonNullable<
  NonNullable<PaylinkCheckout["attention_detail"]>["params"]["report"]
>

/**
 * Where a reconciliation saw a link paid: a link handed over by a report has no return behind it,
 * so this is what the merchant checks in the gateway's dashboard before shipping.
 */
export function useReportRowSentence() {
  const { t } = usePaylinkTranslation()
  const format = useFormat()
  const labels = useLabels()
  return (checkout: PaylinkCheckout): string | null => {
    const report: Report | undefined = checkout.attention_detail?.params.report
    if (!report) return null
    return t("attention.seenInReport", {
      gateway: labels.gateway(checkout.gateway),
      file: report.file_name,
      line: report.line ?? "—",
      date: format.date(report.paid_at),
      amount:
        report.amount === null
          ? "—"
          : format.amount({
              amount: report.amount / 100,
              currency_code: report.currency ?? checkout.currency_code,
            }),
      card: report.card_last4 ? `****${report.card_last4}` : "—",
      authorization: report.authorization ?? "—",
      interpolation: { escapeValue: false },
    })
  }
}

export function ReportRowSeen({ checkout }: { checkout: PaylinkCheckout }) {
  const { t } = usePaylinkTranslation()
  const sentence = useReportRowSentence()(checkout)
  const id = checkout.attention_detail?.params.report?.reconciliation_id
  if (!sentence || !id) return null
  return (
    <span className="text-ui-fg-subtle" data-testid="paylink-report-row-seen">
      {sentence}{" "}
      <Link
        to={`/payment-links/reconciliations/${id}`}
        className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover"
      >
        {t("attention.openReconciliation")}
      </Link>
    </span>
  )
}
