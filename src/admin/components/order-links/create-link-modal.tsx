import { zodResolver } from "@hookform/resolvers/zod"
import {
  Button,
  Copy,
  FocusModal,
  Heading,
  Hint,
  Input,
  Label,
  Select,
  Text,
  toast,
} from "@medusajs/ui"
import { useState } from "react"
import { Controller, useForm } from "react-hook-form"
import { useTranslation } from "react-i18next"
import { AdminCreateOrderPaymentLinkBody } from "../../../api/admin/paylink/schemas"
import type {
  OrderPaymentLinkOptions,
  OrderPaymentLinkProvider,
  PaylinkCheckout,
} from "../../../types"
import { PAYLINK_NS } from "../../i18n"
import { registrationOf } from "../../lib/checkouts"
import { useFormat } from "../../lib/format"
import { useCreateOrderLink } from "../../lib/order-links"
import { SendLinkButton } from "./send-link-button"

type Props = { options: OrderPaymentLinkOptions }

/**
 * "Gateway A", or "Gateway A · usd" for a second account of the same gateway: the registration id
 * says which account only when it is not the default one (the provider id is for developers).
 */
function gatewayOptionLabel(
  t: (key: string) => string,
  p: OrderPaymentLinkProvider
) {
  const registration = registrationOf(p.id)
  const gateway = t(`gateways.${p.gateway}`)
  return registration && registration !== "default"
    ? `${gateway} · ${registration}`
    : gateway
}

/** "Create payment link" for exactly the outstanding amount, then shown with Copy and Send to customer. */
export function CreateLinkModal({ options }: Props) {
  const { t } = useTranslation(PAYLINK_NS)
  const format = useFormat()
  const [open, setOpen] = useState(false)
  const [made, setMade] = useState<PaylinkCheckout | null>(null)
  const create = useCreateOrderLink(options.order_id)
  const available = options.providers.filter((p) => p.available)
  const form = useForm({
    resolver: zodResolver(AdminCreateOrderPaymentLinkBody),
    defaultValues: {
      provider_id: available.length === 1 ? available[0].id : "",
    },
  })
  /** The server's English when it sent no code. */
  const unavailableReason = (p: OrderPaymentLinkProvider) => {
    if (!p.reason_code) {
      return p.reason
    }
    const bound = (v?: string) =>
      v
        ? format.amount({
            amount: Number(v),
            currency_code: options.currency_code,
          })
        : ""
    return t(`orderLinks.reasons.${p.reason_code}`, {
      ...p.reason_params,
      min: bound(p.reason_params.min),
      max: bound(p.reason_params.max),
    })
  }
  const providerError = form.formState.errors.provider_id
  const providerMessage = !providerError
    ? null
    : providerError.type === "server"
      ? providerError.message
      : providerError.type === "invalid_format"
        ? t("orderLinks.notPaylinkProvider")
        : t("orderLinks.chooseGateway")
  const amount = format.amount({
    amount: Number(options.outstanding_amount),
    currency_code: options.currency_code,
  })
  const name = t(
    options.origin === "draft_order"
      ? "orderLinks.draftName"
      : "orderLinks.orderName",
    { id: options.display_id ?? options.order_id }
  )

  const onOpenChange = (next: boolean) => {
    setOpen(next)
    if (!next) {
      setMade(null)
      form.reset()
    }
  }

  const onSubmit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: ({ checkout, reused }) => {
        toast.success(
          t(reused ? "orderLinks.reused" : "orderLinks.created", {
            number: checkout.number,
          })
        )
        setMade(checkout)
      },
      onError: (err) => {
        // A rule about the provider belongs on its field; anything else is said in a toast.
        if (/provider_id/.test(err.message)) {
          form.setError("provider_id", { type: "server", message: err.message })
        } else {
          toast.error(err.message)
        }
      },
    })
  )

  return (
    <FocusModal open={open} onOpenChange={onOpenChange}>
      <FocusModal.Trigger asChild>
        <Button
          size="small"
          variant="secondary"
          disabled={!available.length}
          data-testid="paylink-create-link"
        >
          {t("orderLinks.create")}
        </Button>
      </FocusModal.Trigger>
      <FocusModal.Content>
        <form
          onSubmit={onSubmit}
          noValidate
          className="flex h-full flex-col overflow-hidden"
          data-testid="paylink-create-link-form"
        >
          <FocusModal.Header />
          <FocusModal.Body className="flex flex-1 flex-col items-center overflow-y-auto py-16">
            <div className="flex w-full max-w-[720px] flex-col gap-y-8 px-2">
              {made ? (
                <div
                  className="flex flex-col gap-y-6"
                  data-testid="paylink-link-ready"
                >
                  <div>
                    <FocusModal.Title asChild>
                      <Heading>
                        {t("orderLinks.readyTitle", { number: made.number })}
                      </Heading>
                    </FocusModal.Title>
                    <FocusModal.Description asChild>
                      <Text size="small" className="text-ui-fg-subtle">
                        {t("orderLinks.readyDescription")}
                      </Text>
                    </FocusModal.Description>
                  </div>
                  <div className="flex w-full items-center gap-x-2">
                    <div className="flex-1">
                      <Input
                        readOnly
                        value={made.url ?? ""}
                        aria-label={t("orderLinks.copy")}
                        data-testid="paylink-link-url"
                        className="w-full"
                      />
                    </div>
                    <Copy
                      content={made.url ?? ""}
                      onClick={() => toast.success(t("orderLinks.copied"))}
                      aria-label={t("orderLinks.copy")}
                    />
                  </div>
                  <Text size="small" className="text-ui-fg-subtle">
                    {format.amount(made)}
                    {made.expires_at
                      ? ` · ${t("orderLinks.expires", { when: format.date(made.expires_at) })}`
                      : ""}
                  </Text>
                  <SendLinkButton
                    checkout={made}
                    email={options.email}
                    canSend={options.can_send_email}
                  />
                </div>
              ) : (
                <>
                  <div>
                    <FocusModal.Title asChild>
                      <Heading>{t("orderLinks.modalTitle")}</Heading>
                    </FocusModal.Title>
                    <FocusModal.Description asChild>
                      <Text size="small" className="text-ui-fg-subtle">
                        {t("orderLinks.modalDescription", { name, amount })}
                      </Text>
                    </FocusModal.Description>
                  </div>
                  <div className="flex flex-col gap-y-2">
                    <Label htmlFor="paylink-provider" weight="plus">
                      {t("orderLinks.gateway")}
                    </Label>
                    <Controller
                      control={form.control}
                      name="provider_id"
                      render={({ field }) => (
                        <Select
                          value={field.value}
                          onValueChange={field.onChange}
                        >
                          <Select.Trigger
                            id="paylink-provider"
                            data-testid="paylink-provider-select"
                          >
                            <Select.Value
                              placeholder={t("orderLinks.gatewayPlaceholder")}
                            />
                          </Select.Trigger>
                          <Select.Content>
                            {available.map((p) => (
                              <Select.Item key={p.id} value={p.id}>
                                {gatewayOptionLabel(t, p)}
                              </Select.Item>
                            ))}
                          </Select.Content>
                        </Select>
                      )}
                    />
                    {providerMessage ? (
                      <Hint variant="error">{providerMessage}</Hint>
                    ) : (
                      <Hint>
                        {available.length
                          ? t("orderLinks.gatewayHint")
                          : t("orderLinks.noGateway")}
                      </Hint>
                    )}
                    {options.providers
                      .filter((p) => !p.available && p.reason)
                      .map((p) => (
                        <Text
                          key={p.id}
                          size="xsmall"
                          className="text-ui-fg-muted"
                        >
                          {t("orderLinks.unavailable", {
                            gateway: t(`gateways.${p.gateway}`),
                            reason: unavailableReason(p),
                          })}
                        </Text>
                      ))}
                  </div>
                </>
              )}
            </div>
          </FocusModal.Body>
          <FocusModal.Footer>
            <div className="flex items-center justify-end gap-x-2">
              {made ? (
                <Button
                  size="small"
                  type="button"
                  onClick={() => onOpenChange(false)}
                >
                  {t("orderLinks.done")}
                </Button>
              ) : (
                <>
                  <FocusModal.Close asChild>
                    <Button size="small" variant="secondary" type="button">
                      {t("orderLinks.cancel")}
                    </Button>
                  </FocusModal.Close>
                  <Button
                    size="small"
                    type="submit"
                    isLoading={create.isPending}
                    data-testid="paylink-create-link-submit"
                  >
                    {t("orderLinks.submit")}
                  </Button>
                </>
              )}
            </div>
          </FocusModal.Footer>
        </form>
      </FocusModal.Content>
    </FocusModal>
  )
}
