import { Fragment } from "react"
import { Link } from "react-router-dom"
import type {
  AttentionDetail,
  AttentionOrder,
  PaylinkCheckout,
} from "../../types"
import { useFormat } from "../lib/format"
import { useLabels, usePaylinkTranslation } from "../lib/labels"
import { ReportRowSeen } from "./report-row-seen"

/** Stands for the order in the translated sentence, where the link goes. */
const ORDER_MARK = "\u0001order\u0001"

/** In the admin's language, the order named as a link; a code this admin does not know shows the server's English. */
export function AttentionReasonText({
  detail,
  fallback,
}: {
  detail: AttentionDetail | null | undefined
  fallback: string | null | undefined
}) {
  const { t, i18n } = usePaylinkTranslation()
  const format = useFormat()
  const labels = useLabels()
  const key = detail ? `attention.reasons.${detail.code}` : ""
  if (!detail || !i18n.exists(key, { ns: "paylink" })) {
    return <>{fallback ?? "—"}</>
  }
  const p = detail.params
  const money = (cents: number | undefined, currency = p.currency) =>
    cents === undefined
      ? ""
      : format.amount({ amount: cents / 100, currency_code: currency ?? "GTQ" })
  const text = t(key, {
    number: p.number,
    order: ORDER_MARK,
    paid: money(p.paid),
    total: money(p.total),
    owed: money(p.owed),
    status: p.status ? labels.status(p.status as any).toLowerCase() : "",
    error: p.error ?? "",
    tail: t(`attention.tail.${p.target ?? "cart"}`),
    remedy: t(`attention.remedy.${p.remedy ?? "less"}`),
    gateway: p.gateway ? labels.gateway(p.gateway as any) : "",
    day: p.day ? formatDay(p.day, format.locale) : "",
    reported: money(p.reported, p.reported_currency ?? p.currency),
    interpolation: { escapeValue: false },
  })
  const parts = text.split(ORDER_MARK)
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && <OrderLink order={p.order} />}
        </Fragment>
      ))}
    </>
  )
}

/** A report's calendar day ("2026-11-24") as the admin's language writes a date; the day as written if it is not one. */
function formatDay(day: string, locale: string) {
  const at = new Date(`${day}T12:00:00Z`)
  return Number.isNaN(at.getTime())
    ? day
    : new Intl.DateTimeFormat(locale, {
        dateStyle: "medium",
        timeZone: "UTC",
      }).format(at)
}

function OrderLink({ order }: { order: AttentionOrder | undefined }) {
  const { t } = usePaylinkTranslation()
  if (!order) {
    return <>{t("attention.itsOrder")}</>
  }
  const id = order.display_id ?? order.id
  return (
    <Link
      to={order.draft ? `/draft-orders/${order.id}` : `/orders/${order.id}`}
      className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover"
    >
      {t(order.draft ? "attention.draftOrder" : "attention.order", { id })}
    </Link>
  )
}

/** Why a record needs attention, and why Place order cannot succeed now, if it cannot. */
export function AttentionReasons({
  checkout: c,
}: {
  checkout: PaylinkCheckout
}) {
  const { t } = usePaylinkTranslation()
  const blocked = c.place_order_blocked
  // The blocker already is the stored reason: said once.
  const same = !!blocked && blocked.code === c.attention_detail?.code
  return (
    <span
      className="flex flex-col gap-y-1"
      data-testid="paylink-attention-reason"
    >
      <span>
        <AttentionReasonText
          detail={same ? blocked : c.attention_detail}
          fallback={same ? blocked!.text : c.attention_reason}
        />
      </span>
      {blocked && !same && (
        <span className="text-ui-fg-subtle">
          {t(
            c.origin === "storefront"
              ? "attention.placeOrderBlocked"
              : "attention.recordPaymentBlocked"
          )}{" "}
          <AttentionReasonText detail={blocked} fallback={blocked.text} />
        </span>
      )}
      <ReportRowSeen checkout={c} />
    </span>
  )
}
