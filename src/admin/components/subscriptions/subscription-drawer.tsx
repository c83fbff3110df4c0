import { Button, Drawer, Heading, Text } from "@medusajs/ui"
import { useCallback, useEffect, useState } from "react"
import { Link, useSearchParams } from "react-router-dom"
import type { Subscription } from "../../../types"
import { useFormat } from "../../lib/format"
import { usePaylinkTranslation } from "../../lib/labels"
import {
  addressLines,
  amountOf,
  customerName,
  itemTitle,
  planText,
  sameAddress,
} from "../../lib/subscription-format"
import { useSubscription } from "../../lib/subscriptions"
import { DetailRow } from "../detail-row"
import { EndSubscriptionButton } from "./end-subscription-button"
import { SubscriptionStatusBadge } from "./subscription-status-badge"
import { SubscriptionTimeline } from "./subscription-timeline"

const PARAM = "id"

/**
 * The drawer follows the address's `?id=<subscription id>`, so another page (an order's widget)
 * links straight to it; `open(row)` sets it. The shown subscription is kept while the drawer
 * closes, so its content does not vanish mid-animation.
 */
export function useSubscriptionDrawer() {
  const [params, setParams] = useSearchParams()
  const id = params.get(PARAM)
  const [shown, setShown] = useState<{
    id: string
    initial?: Subscription
  } | null>(id ? { id } : null)

  useEffect(() => {
    if (id && id !== shown?.id) setShown({ id })
  }, [id, shown?.id])

  const setId = useCallback(
    (next: string | null) =>
      setParams(
        (current) => {
          const p = new URLSearchParams(current)
          if (next) p.set(PARAM, next)
          else p.delete(PARAM)
          return p
        },
        { replace: true }
      ),
    [setParams]
  )
  const open = useCallback(
    (s: Subscription) => {
      setShown({ id: s.id, initial: s })
      setId(s.id)
    },
    [setId]
  )
  const drawer = (
    <Drawer open={!!id} onOpenChange={(next) => !next && setId(null)}>
      {shown && (
        <SubscriptionDrawerContent id={shown.id} initial={shown.initial} />
      )}
    </Drawer>
  )
  return { open, drawer }
}

function Section({
  title,
  children,
  testId,
}: {
  title: string
  children: React.ReactNode
  testId?: string
}) {
  return (
    <section className="flex flex-col gap-y-3" data-testid={testId}>
      <Heading level="h3" className="txt-compact-small-plus text-ui-fg-base">
        {title}
      </Heading>
      {children}
    </section>
  )
}

function Address({ lines }: { lines: string[] }) {
  return lines.length ? (
    <span className="flex flex-col">
      {lines.map((l, i) => (
        <span key={i}>{l}</span>
      ))}
    </span>
  ) : (
    <>—</>
  )
}

const Divider = () => <div className="border-ui-border-base -mx-6 border-t" />

function SubscriptionDrawerContent({
  id,
  initial,
}: {
  id: string
  initial?: Subscription
}) {
  const { t } = usePaylinkTranslation()
  const format = useFormat()
  const { data, error, isPlaceholderData, isLoading } = useSubscription(
    id,
    initial
  )
  const s = data?.subscription
  const money = (text: string | null | undefined) => {
    const amount = amountOf(text)
    return amount === null || !s
      ? "—"
      : format.amount({ amount, currency_code: s.currency_code })
  }

  if (!s) {
    return (
      <Drawer.Content data-testid="paylink-subscription-drawer">
        <Drawer.Header>
          <Drawer.Title>{t("subscriptions.title")}</Drawer.Title>
          <Drawer.Description className="sr-only">
            {t("subscriptions.details.description")}
          </Drawer.Description>
        </Drawer.Header>
        <Drawer.Body>
          <Text size="small" className={error ? "text-ui-fg-error" : undefined}>
            {error
              ? (error as { status?: number }).status === 404
                ? t("subscriptions.details.notFound")
                : error.message
              : isLoading
                ? t("subscriptions.details.timelineLoading")
                : null}
          </Text>
        </Drawer.Body>
      </Drawer.Content>
    )
  }

  const shipping = addressLines(s.shipping_address)
  const billingSame =
    !!s.billing_address &&
    !!s.shipping_address &&
    sameAddress(s.billing_address, s.shipping_address)

  return (
    <Drawer.Content data-testid="paylink-subscription-drawer">
      <Drawer.Header>
        <div className="flex items-center gap-x-2">
          <Drawer.Title>
            {t("subscriptions.details.title", { number: s.number })}
          </Drawer.Title>
          <SubscriptionStatusBadge status={s.status} />
        </div>
        <Drawer.Description className="text-ui-fg-subtle txt-compact-small">
          {t("subscriptions.details.description")}
        </Drawer.Description>
      </Drawer.Header>
      <Drawer.Body className="flex flex-col gap-y-4 overflow-y-auto">
        <DetailRow label={t("subscriptions.details.customer")}>
          <span className="flex flex-col">
            <span className="text-ui-fg-base">
              {customerName(s) ?? t("subscriptions.noCustomer")}
            </span>
            {s.customer_name && s.email && (
              <span className="[overflow-wrap:anywhere]">{s.email}</span>
            )}
          </span>
        </DetailRow>
        <DetailRow label={t("subscriptions.details.plan")}>
          {planText(t, s.plan)}
        </DetailRow>
        <DetailRow label={t("subscriptions.details.amount")}>
          {money(s.amount)}
        </DetailRow>
        <DetailRow label={t("subscriptions.details.started")}>
          {format.dateTime(s.started_at)}
        </DetailRow>
        <DetailRow label={t("subscriptions.details.lastCharge")}>
          {format.dateTime(s.last_charge_at)}
        </DetailRow>
        {s.status === "active" && (
          <DetailRow label={t("subscriptions.details.nextCharge")}>
            {format.dateParts(s.next_charge_at)?.day ?? "—"}
          </DetailRow>
        )}
        {s.status === "renewal_overdue" && (
          <DetailRow label={t("subscriptions.details.overdueSince")}>
            <span className="text-ui-tag-orange-text">
              {format.dateParts(s.overdue_since)?.day ?? "—"}
            </span>
          </DetailRow>
        )}
        {s.status === "ended" && (
          <DetailRow label={t("subscriptions.details.ended")}>
            {format.dateTime(s.ended_at)}
          </DetailRow>
        )}
        <DetailRow label={t("subscriptions.details.renewals")}>
          {format.count(s.renewals)}
        </DetailRow>
        <DetailRow label={t("subscriptions.details.firstOrder")}>
          <Link
            to={`/orders/${s.first_order_id}`}
            title={t("checkouts.links.idForSupport", { id: s.first_order_id })}
            className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover"
          >
            {s.first_order_display_id != null
              ? t("checkouts.links.order", {
                  number: s.first_order_display_id,
                })
              : t("checkouts.links.viewOrder")}
          </Link>
        </DetailRow>

        <Divider />
        <Section
          title={t("subscriptions.details.timeline")}
          testId="paylink-subscription-timeline-section"
        >
          <SubscriptionTimeline
            subscriptionId={s.id}
            events={isPlaceholderData ? [] : s.events}
            loading={isPlaceholderData}
          />
        </Section>
        <Divider />
        <Section title={t("subscriptions.details.goods")}>
          <ul
            className="flex flex-col gap-y-2"
            data-testid="paylink-subscription-goods"
          >
            {s.items.map((item, i) => (
              <li
                key={`${item.variant_id ?? "item"}-${i}`}
                className="txt-compact-small grid grid-cols-[1fr_auto] gap-x-4"
              >
                <span className="text-ui-fg-base [overflow-wrap:anywhere]">
                  {itemTitle(item)}
                  {item.sku && (
                    <span className="text-ui-fg-muted block txt-compact-xsmall">
                      {item.sku}
                    </span>
                  )}
                </span>
                <span className="text-ui-fg-subtle whitespace-nowrap">
                  {t("subscriptions.details.goodsLine", {
                    quantity: item.quantity,
                    price: money(item.unit_price),
                    interpolation: { escapeValue: false },
                  })}
                </span>
              </li>
            ))}
            {s.shipping_method && (
              <li className="txt-compact-small grid grid-cols-[1fr_auto] gap-x-4">
                <span className="text-ui-fg-subtle [overflow-wrap:anywhere]">
                  {t("subscriptions.details.shipping")}:{" "}
                  {s.shipping_method.name}
                </span>
                <span className="text-ui-fg-subtle whitespace-nowrap">
                  {money(s.shipping_method.amount)}
                </span>
              </li>
            )}
          </ul>
        </Section>

        <Divider />
        <DetailRow label={t("subscriptions.details.shippingAddress")}>
          <Address lines={shipping} />
        </DetailRow>
        <DetailRow label={t("subscriptions.details.billingAddress")}>
          {billingSame ? (
            t("subscriptions.details.sameAsShipping")
          ) : (
            <Address lines={addressLines(s.billing_address)} />
          )}
        </DetailRow>
      </Drawer.Body>
      <Drawer.Footer>
        {s.status !== "ended" && <EndSubscriptionButton subscription={s} />}
        <Drawer.Close asChild>
          <Button size="small" variant="secondary" type="button">
            {t("subscriptions.details.close")}
          </Button>
        </Drawer.Close>
      </Drawer.Footer>
    </Drawer.Content>
  )
}
