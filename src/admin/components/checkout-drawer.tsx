import { Badge, Button, Copy, Drawer, Text } from "@medusajs/ui"
import { useCallback, useState, type ReactNode } from "react"
import type { PaylinkCheckout as Checkout } from "../../types"
import {
  awaitsConfirmation,
  registrationOf,
  useCheckout,
} from "../lib/checkouts"
import { useFormat } from "../lib/format"
import { useLabels, usePaylinkTranslation } from "../lib/labels"
import { useUserName } from "../lib/users"
import { CheckoutLink } from "./checkout-link"
import { CheckoutSettlement } from "./checkout-settlement"
import { CheckoutStatusBadge } from "./checkout-status-badge"
import { ConfirmButton } from "./confirm-button"
import { DetailRow } from "./detail-row"
import { AttentionActions } from "./attention-actions"
import { AttentionReasonText, AttentionReasons } from "./attention-reason"
import { FailureReason } from "./failure-reason"

/** `open(record)` shows a record; it is kept while the drawer closes, so the content does not vanish mid-animation. */
export function useCheckoutDrawer() {
  const [selected, setSelected] = useState<Checkout | null>(null)
  const [isOpen, setOpen] = useState(false)
  const open = useCallback((c: Checkout) => {
    setSelected(c)
    setOpen(true)
  }, [])
  const drawer = (
    <Drawer open={isOpen} onOpenChange={setOpen}>
      {selected && <CheckoutDrawerContent initial={selected} />}
    </Drawer>
  )
  return { open, drawer }
}

/** The keyboard's way to a row's drawer. */
export function OpenCheckoutButton({
  checkout,
  onOpen,
}: {
  checkout: Checkout
  onOpen: (checkout: Checkout) => void
}) {
  const { t } = usePaylinkTranslation()
  return (
    <button
      type="button"
      className="txt-compact-small-plus text-ui-fg-base hover:text-ui-fg-interactive focus-visible:shadow-borders-focus rounded-sm outline-none"
      aria-haspopup="dialog"
      aria-label={t("checkouts.open", { number: checkout.number })}
      onClick={() => onOpen(checkout)}
    >
      #{checkout.number}
    </button>
  )
}

/** A value in monospace that can be long (an id, an address), with a button that copies it. */
function Copyable({
  value,
  label,
  children,
}: {
  value: string
  label: string
  children?: ReactNode
}) {
  return (
    <span className="flex items-start gap-x-1">
      <span className="min-w-0 break-all font-mono">{children ?? value}</span>
      <Copy content={value} aria-label={label} className="shrink-0" />
    </span>
  )
}

/** Everything the merchant needs to find a payment in the gateway's dashboard, and a paid link's ways out. */
function CheckoutDrawerContent({ initial }: { initial: Checkout }) {
  const { t } = usePaylinkTranslation()
  const labels = useLabels()
  const format = useFormat()
  const { data } = useCheckout(initial.id, initial)
  const c = data?.checkout ?? initial
  const createdBy = useUserName(c.created_by)
  const registration = registrationOf(c.provider_id)
  const settled = !!(c.settled_at || c.settled_by)
  // A link the customer canceled keeps its cancel time when a new link withdraws it later.
  const withdrawn =
    c.canceled_by === "store" ||
    (c.status === "withdrawn" && c.canceled_by !== "customer")

  return (
    <Drawer.Content data-testid="paylink-checkout-drawer">
      <Drawer.Header>
        <div className="flex items-center gap-x-2">
          <Drawer.Title>
            {t("checkouts.details.title", { number: c.number })}
          </Drawer.Title>
          <CheckoutStatusBadge checkout={c} />
        </div>
        <Drawer.Description className="text-ui-fg-subtle txt-compact-small">
          {t("checkouts.details.description")}
        </Drawer.Description>
      </Drawer.Header>
      <Drawer.Body className="flex flex-col gap-y-3 overflow-y-auto">
        <DetailRow label={t("checkouts.columns.number")}>#{c.number}</DetailRow>
        <DetailRow label={t("checkouts.columns.gateway")}>
          {labels.gateway(c.gateway)}
        </DetailRow>
        <DetailRow label={t("checkouts.columns.amount")}>
          {format.amount(c)}
        </DetailRow>
        <DetailRow label={t("checkouts.details.checkoutId")}>
          {c.checkout_id ? (
            <Copyable
              value={c.checkout_id}
              label={t("checkouts.details.copyCheckoutId")}
            />
          ) : (
            "—"
          )}
        </DetailRow>
        <DetailRow label={t("checkouts.details.url")}>
          {c.url ? (
            <Copyable value={c.url} label={t("checkouts.details.copyUrl")}>
              <a
                href={c.url}
                target="_blank"
                rel="noopener noreferrer"
                className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover"
              >
                {c.url}
              </a>
            </Copyable>
          ) : (
            "—"
          )}
        </DetailRow>
        <DetailRow label={t("checkouts.details.registration")}>
          {registration ? (
            // The provider id is for a developer: kept in the tooltip, not in the merchant's words.
            <span
              data-testid="paylink-checkout-registration"
              title={c.provider_id ?? undefined}
            >
              {registration === "default" ? (
                t("checkouts.details.registrationDefault")
              ) : (
                <Badge size="2xsmall" color="orange">
                  {registration}
                </Badge>
              )}
            </span>
          ) : (
            (c.provider_id ?? "—")
          )}
        </DetailRow>
        <DetailRow label={t("checkouts.details.confirmation")}>
          {c.confirmation === "manual"
            ? t("checkouts.details.confirmationManual")
            : t("checkouts.details.confirmationReturn")}
        </DetailRow>
        <DetailRow label={t("checkouts.columns.origin")}>
          {labels.origin(c.origin)}
        </DetailRow>
        {c.created_by && (
          <DetailRow label={t("checkouts.details.createdBy")}>
            {createdBy ?? "…"}
          </DetailRow>
        )}
        <DetailRow label={t("checkouts.columns.link")}>
          <CheckoutLink checkout={c} />
        </DetailRow>
        <div className="border-ui-border-base -mx-6 border-t" />
        <DetailRow label={t("checkouts.columns.created")}>
          {format.date(c.created_at)}
        </DetailRow>
        <DetailRow label={t("checkouts.details.expires")}>
          {format.date(c.expires_at)}
        </DetailRow>
        <DetailRow label={t("checkouts.details.returnedAt")}>
          {format.date(c.returned_at)}
        </DetailRow>
        <DetailRow
          label={
            withdrawn
              ? t("checkouts.details.withdrawnAt")
              : t("checkouts.details.canceledAt")
          }
        >
          {format.date(c.canceled_at)}
        </DetailRow>
        <DetailRow label={t("checkouts.details.completedAt")}>
          {format.date(c.completed_at)}
        </DetailRow>
        {c.confirmation === "manual" && (
          <DetailRow label={t("checkouts.details.confirmedAt")}>
            {format.date(c.confirmed_at)}
          </DetailRow>
        )}
        {(c.failure_reason || c.attention_reason || settled) && (
          <div className="border-ui-border-base -mx-6 border-t" />
        )}
        {c.failure_reason && (
          <DetailRow label={t("checkouts.details.failure")}>
            <Text size="small" className="text-ui-fg-base">
              <FailureReason checkout={c} />
            </Text>
          </DetailRow>
        )}
        {c.attention_reason && (
          <DetailRow label={t("checkouts.details.attention")}>
            <Text size="small" className="text-ui-fg-base whitespace-pre-wrap">
              {c.status === "needs_attention" ? (
                <AttentionReasons checkout={c} />
              ) : (
                <AttentionReasonText
                  detail={c.attention_detail}
                  fallback={c.attention_reason}
                />
              )}
            </Text>
          </DetailRow>
        )}
        {settled && (
          <DetailRow label={t("checkouts.details.settlement")}>
            <CheckoutSettlement checkout={c} />
          </DetailRow>
        )}
      </Drawer.Body>
      <Drawer.Footer>
        {c.status === "needs_attention" && <AttentionActions checkout={c} />}
        {awaitsConfirmation(c) && <ConfirmButton checkout={c} />}
        <Drawer.Close asChild>
          <Button size="small" variant="secondary" type="button">
            {t("checkouts.details.close")}
          </Button>
        </Drawer.Close>
      </Drawer.Footer>
    </Drawer.Content>
  )
}
