import { Container, Copy, Heading, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { PaylinkCheckout } from "../../../types"
import { PAYLINK_NS } from "../../i18n"
import { awaitsConfirmation, useCheckouts } from "../../lib/checkouts"
import { useFormat } from "../../lib/format"
import { useOrderLinkOptions } from "../../lib/order-links"
import { CardSkeleton } from "../card-skeleton"
import { CheckoutSettlement } from "../checkout-settlement"
import { CheckoutStatusBadge } from "../checkout-status-badge"
import { ConfirmButton } from "../confirm-button"
import { CreateLinkModal } from "./create-link-modal"
import { AttentionReasonText } from "../attention-reason"
import { SendLinkButton } from "./send-link-button"
import { FailureReason } from "../failure-reason"
import { VerificationBadge } from "../reconciliation/verification-badge"

/** The payment links of an order or a draft order, on its page, with what it still owes. */
export function OrderLinksCard({ orderId }: { orderId: string }) {
  const { t } = useTranslation(PAYLINK_NS)
  const format = useFormat()
  const { data, isLoading, error } = useCheckouts({ order_id: orderId })
  const { data: optionsData, isLoading: optionsLoading } =
    useOrderLinkOptions(orderId)
  const options = optionsData?.options
  const checkouts = data?.checkouts ?? []
  const owes = options ? Number(options.outstanding_amount) > 0 : false
  if (isLoading || optionsLoading) {
    return (
      <CardSkeleton
        heading={t("orderLinks.heading")}
        lines={3}
        testId="paylink-order-widget-loading"
      />
    )
  }
  if (!error && !checkouts.length && !owes) {
    return null
  }
  return (
    <Container className="divide-y p-0" data-testid="paylink-order-widget">
      <div className="flex items-center justify-between gap-x-2 px-6 py-4">
        <Heading level="h2">{t("orderLinks.heading")}</Heading>
        {options && owes && <CreateLinkModal options={options} />}
      </div>
      {options && (
        <div className="px-6 py-3">
          <Text
            size="small"
            className={owes ? "text-ui-fg-base" : "text-ui-fg-subtle"}
            data-testid="paylink-outstanding"
          >
            {owes
              ? t("orderLinks.owes", {
                  amount: format.amount({
                    amount: Number(options.outstanding_amount),
                    currency_code: options.currency_code,
                  }),
                })
              : t("orderLinks.paidUp")}
          </Text>
        </div>
      )}
      {error && (
        <Text size="small" className="text-ui-fg-error px-6 py-4">
          {error.message}
        </Text>
      )}
      {checkouts.map((c) => (
        <CheckoutEntry
          key={c.id}
          checkout={c}
          email={options?.email ?? null}
          canSend={!!options?.can_send_email}
        />
      ))}
    </Container>
  )
}

function CheckoutEntry({
  checkout: c,
  email,
  canSend,
}: {
  checkout: PaylinkCheckout
  email: string | null
  canSend: boolean
}) {
  const { t } = useTranslation(PAYLINK_NS)
  const format = useFormat()
  const adminLink = c.origin !== "storefront"
  const open = c.status === "created" && !!c.url
  return (
    <div
      className="flex flex-col gap-y-2 px-6 py-4"
      data-testid="paylink-order-checkout"
    >
      <div className="flex items-center justify-between gap-x-2">
        <Text size="small" weight="plus">
          {t("orderLinks.link", {
            number: c.number,
            gateway: t(`gateways.${c.gateway}`),
          })}
        </Text>
        <CheckoutStatusBadge checkout={c} />
      </div>
      <Text size="small" className="text-ui-fg-subtle">
        {format.amount(c)} ·{" "}
        {adminLink ? t("orderLinks.fromAdmin") : t("orderLinks.fromStorefront")}
      </Text>
      <Text size="xsmall" className="text-ui-fg-muted">
        {t("orderLinks.checkout", { id: c.checkout_id ?? "—" })}
      </Text>
      <VerificationBadge checkout={c} />
      {c.status === "needs_attention" && c.attention_reason && (
        <Text size="small" className="text-ui-fg-error">
          <AttentionReasonText
            detail={c.attention_detail}
            fallback={c.attention_reason}
          />
        </Text>
      )}
      {c.status === "failed" && c.failure_reason && (
        <Text size="small" className="text-ui-fg-subtle">
          <FailureReason checkout={c} />
        </Text>
      )}
      {c.returned_at && (
        <Text size="small" className="text-ui-fg-subtle">
          {t("orderLinks.returned", { when: format.date(c.returned_at) })}
        </Text>
      )}
      {c.canceled_at &&
        (c.status === "canceled" || c.status === "withdrawn") && (
          <Text size="small" className="text-ui-fg-subtle">
            {/* A link the customer canceled stays their cancel after a new link withdraws it. */}
            {t(
              c.canceled_by === "customer"
                ? "orderLinks.canceledByCustomer"
                : "orderLinks.withdrawn",
              { when: format.date(c.canceled_at) }
            )}
          </Text>
        )}
      {c.confirmed_at && (
        <Text size="small" className="text-ui-fg-subtle">
          {t("orderLinks.confirmed", { when: format.date(c.confirmed_at) })}
        </Text>
      )}
      {adminLink && open && (
        <div className="flex flex-col gap-y-2">
          <div className="flex items-center gap-x-2">
            <Text
              size="xsmall"
              className="text-ui-fg-subtle truncate"
              data-testid="paylink-open-link-url"
            >
              {c.url}
            </Text>
            <Copy content={c.url!} aria-label={t("orderLinks.copy")} />
          </div>
          {c.expires_at && (
            <Text size="xsmall" className="text-ui-fg-muted">
              {t("orderLinks.expires", { when: format.date(c.expires_at) })}
            </Text>
          )}
          <SendLinkButton checkout={c} email={email} canSend={canSend} />
        </div>
      )}
      <CheckoutSettlement checkout={c} />
      {awaitsConfirmation(c) && <ConfirmButton checkout={c} />}
    </div>
  )
}
