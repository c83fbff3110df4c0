import { Button, clx, Skeleton, Text, toast } from "@medusajs/ui"
import { Link } from "react-router-dom"
import type { SubscriptionEvent } from "../../../types"
import { useFormat } from "../../lib/format"
import { usePaylinkTranslation } from "../../lib/labels"
import { amountOf, canMakeOrder } from "../../lib/subscription-format"
import { useMakeRenewalOrder } from "../../lib/subscriptions"
import { useUserName } from "../../lib/users"

/** The dot's color: a charge is green, a missing one orange, the end grey. */
const DOT: Record<SubscriptionEvent["kind"], string> = {
  first_payment: "bg-ui-tag-green-icon",
  renewal: "bg-ui-tag-green-icon",
  overdue: "bg-ui-tag-orange-icon",
  ended: "bg-ui-tag-neutral-icon",
}

const linkClass =
  "text-ui-fg-interactive hover:text-ui-fg-interactive-hover txt-compact-small"

/** "Order #13", linked to the order's page. */
function OrderLink({ event: e }: { event: SubscriptionEvent }) {
  const { t } = usePaylinkTranslation()
  if (!e.order_id) return null
  return (
    <Link
      to={`/orders/${e.order_id}`}
      title={t("checkouts.links.idForSupport", { id: e.order_id })}
      className={linkClass}
      data-testid="paylink-subscription-event-order"
    >
      {e.order_display_id != null
        ? t("checkouts.links.order", { number: e.order_display_id })
        : t("checkouts.links.viewOrder")}
    </Link>
  )
}

/** "Report <file>, line <n>", linked to the reconciliation that read it. */
function ReportLink({ event: e }: { event: SubscriptionEvent }) {
  const { t } = usePaylinkTranslation()
  if (!e.file_name) return null
  const words =
    e.line != null
      ? t("subscriptions.events.report", { file: e.file_name, line: e.line })
      : e.file_name
  return e.reconciliation_id ? (
    <Link
      to={`/payment-links/reconciliations/${e.reconciliation_id}`}
      className={clx(linkClass, "[overflow-wrap:anywhere]")}
      data-testid="paylink-subscription-event-report"
    >
      {words}
    </Link>
  ) : (
    <Text size="small" className="text-ui-fg-subtle [overflow-wrap:anywhere]">
      {words}
    </Text>
  )
}

/** A renewal's order: its link, or why there is none (and Make order when it can be made again). */
function RenewalOrder({
  event: e,
  subscriptionId,
}: {
  event: SubscriptionEvent
  subscriptionId: string
}) {
  const { t } = usePaylinkTranslation()
  const make = useMakeRenewalOrder(subscriptionId)
  if (e.order_id && (e.order_state === "made" || e.order_state === null)) {
    return <OrderLink event={e} />
  }
  const state = e.order_state
  const words =
    state === "off"
      ? t("subscriptions.events.orderStates.off")
      : state === "making"
        ? t("subscriptions.events.orderStates.making")
        : state === "failed"
          ? e.order_error
            ? t("subscriptions.events.orderStates.failed", {
                error: e.order_error,
                interpolation: { escapeValue: false },
              })
            : t("subscriptions.events.orderStates.failedNoReason")
          : null
  return (
    <div className="flex flex-col items-start gap-y-1.5">
      {words && (
        <Text
          size="small"
          className={clx(
            "whitespace-pre-wrap [overflow-wrap:anywhere]",
            state === "failed" ? "text-ui-fg-error" : "text-ui-fg-subtle"
          )}
          data-testid="paylink-subscription-event-order-state"
          data-state={state}
        >
          {words}
        </Text>
      )}
      {canMakeOrder(state) && (
        <Button
          size="small"
          variant="secondary"
          isLoading={make.isPending}
          data-testid="paylink-subscription-make-order"
          onClick={() =>
            make.mutate(e.id, {
              onSuccess: () =>
                toast.success(t("subscriptions.events.makeOrderDone")),
              onError: (err) =>
                toast.error(t("subscriptions.events.makeOrderFailed"), {
                  description: err.message,
                }),
            })
          }
        >
          {t("subscriptions.events.makeOrder")}
        </Button>
      )}
    </div>
  )
}

/** "No charge on <date> in <file>", the file linked to the reconciliation that read it. */
function OverdueTitle({
  event: e,
  day,
}: {
  event: SubscriptionEvent
  day: string
}) {
  const { t } = usePaylinkTranslation()
  const MARK = "\u0000"
  const [before, after = ""] = t("subscriptions.events.overdue", {
    date: day,
    file: MARK,
    interpolation: { escapeValue: false },
  }).split(MARK)
  return (
    <>
      {before}
      {e.reconciliation_id ? (
        <Link
          to={`/payment-links/reconciliations/${e.reconciliation_id}`}
          className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover"
          data-testid="paylink-subscription-event-report"
        >
          {e.file_name}
        </Link>
      ) : (
        e.file_name
      )}
      {after}
    </>
  )
}

function EndedBy({ event: e }: { event: SubscriptionEvent }) {
  const { t } = usePaylinkTranslation()
  const who = useUserName(e.actor_id)
  return (
    <>
      {t("subscriptions.events.ended", {
        who: who ?? t("subscriptions.events.someone"),
      })}
    </>
  )
}

function EventItem({
  event: e,
  subscriptionId,
  last,
}: {
  event: SubscriptionEvent
  subscriptionId: string
  last: boolean
}) {
  const { t } = usePaylinkTranslation()
  const format = useFormat()
  const amount = amountOf(e.amount)
  const money =
    amount !== null && e.currency_code
      ? format.amount({ amount, currency_code: e.currency_code })
      : null
  const day = format.dateParts(e.at)?.day ?? "—"
  const title =
    e.kind === "overdue" ? (
      e.file_name ? (
        <OverdueTitle event={e} day={day} />
      ) : (
        t("subscriptions.events.overdueNoFile", { date: day })
      )
    ) : e.kind === "ended" ? (
      <EndedBy event={e} />
    ) : (
      t(`subscriptions.events.${e.kind}`)
    )
  const card = [
    e.card_last4 && t("subscriptions.events.card", { last4: e.card_last4 }),
    e.authorization &&
      t("subscriptions.events.authorization", { code: e.authorization }),
  ]
    .filter(Boolean)
    .join(" · ")

  return (
    <li
      className="relative flex gap-x-3 pb-4 last:pb-0"
      data-testid="paylink-subscription-event"
      data-kind={e.kind}
      data-order-state={e.order_state ?? undefined}
    >
      {/* The line down to the next event. */}
      {!last && (
        <span
          aria-hidden
          className="bg-ui-border-base absolute bottom-0 left-[5px] top-4 w-px"
        />
      )}
      <span
        aria-hidden
        className={clx("mt-1.5 size-[11px] shrink-0 rounded-full", DOT[e.kind])}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-y-1">
        <div className="flex items-start justify-between gap-x-3">
          <Text
            size="small"
            weight="plus"
            className="text-ui-fg-base [overflow-wrap:anywhere]"
          >
            {title}
          </Text>
          {money && (
            <Text size="small" className="text-ui-fg-base whitespace-nowrap">
              {money}
            </Text>
          )}
        </div>
        {e.kind !== "overdue" && (
          <Text size="xsmall" className="text-ui-fg-subtle">
            {format.dateTime(e.at)}
          </Text>
        )}
        {e.kind === "overdue" && (
          <Text size="xsmall" className="text-ui-fg-subtle">
            {t("subscriptions.events.overdueHint")}
          </Text>
        )}
        {card && (
          <Text size="xsmall" className="text-ui-fg-subtle">
            {card}
          </Text>
        )}
        {e.kind === "first_payment" && <OrderLink event={e} />}
        {e.kind === "renewal" && <ReportLink event={e} />}
        {e.kind === "renewal" && (
          <RenewalOrder event={e} subscriptionId={subscriptionId} />
        )}
        {e.kind === "ended" && e.note && (
          <Text
            size="small"
            className="text-ui-fg-subtle whitespace-pre-wrap [overflow-wrap:anywhere]"
          >
            {t("subscriptions.events.note", {
              note: e.note,
              interpolation: { escapeValue: false },
            })}
          </Text>
        )}
      </div>
    </li>
  )
}

/** What happened to a subscription, oldest first: its charges with their orders, the missing ones, the end. */
export function SubscriptionTimeline({
  subscriptionId,
  events,
  loading,
}: {
  subscriptionId: string
  events: SubscriptionEvent[]
  loading: boolean
}) {
  const { t } = usePaylinkTranslation()
  if (loading && events.length === 0) {
    return (
      <div
        className="flex flex-col gap-y-3"
        aria-busy="true"
        aria-label={t("subscriptions.details.timelineLoading")}
      >
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    )
  }
  return (
    <ol className="flex flex-col" data-testid="paylink-subscription-timeline">
      {events.map((e, i) => (
        <EventItem
          key={e.id}
          event={e}
          subscriptionId={subscriptionId}
          last={i === events.length - 1}
        />
      ))}
    </ol>
  )
}
