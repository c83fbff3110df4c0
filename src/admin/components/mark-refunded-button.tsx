import { zodResolver } from "@hookform/resolvers/zod"
import {
  Alert,
  Button,
  Drawer,
  Hint,
  Label,
  Text,
  Textarea,
  toast,
} from "@medusajs/ui"
import { useState } from "react"
import { useForm } from "react-hook-form"
import {
  AdminMarkRefundedBody,
  REFUND_NOTE_MAX,
  REFUND_NOTE_MIN,
} from "../../api/admin/paylink/schemas"
import type { PaylinkCheckout as Checkout } from "../../types"
import { useMarkRefunded } from "../lib/checkouts"
import { useFormat } from "../lib/format"
import { useLabels, usePaylinkTranslation } from "../lib/labels"
import { placeOrderErrorToastId } from "./place-order-button"
import { AttentionReasonText } from "./attention-reason"

/** The merchant refunded the customer outside Medusa and records how, in a note kept with the record. */
export function MarkRefundedButton({ checkout }: { checkout: Checkout }) {
  const { t } = usePaylinkTranslation()
  const format = useFormat()
  const labels = useLabels()
  const [open, setOpen] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const mark = useMarkRefunded()
  const form = useForm({
    resolver: zodResolver(AdminMarkRefundedBody),
    defaultValues: { note: "" },
  })
  const error = form.formState.errors.note
  const number = { number: checkout.number }
  const noteError = (type: string | undefined) =>
    type === "too_big"
      ? t("checkouts.markRefunded.noteTooLong", { max: REFUND_NOTE_MAX })
      : t("checkouts.markRefunded.noteTooShort", { min: REFUND_NOTE_MIN })

  const onOpenChange = (next: boolean) => {
    setOpen(next)
    if (next) {
      // A refused "Place order" toast would cover the drawer's title; the merchant has read it.
      toast.dismiss(placeOrderErrorToastId(checkout))
    } else {
      form.reset()
      setServerError(null)
      mark.reset()
    }
  }

  const onSubmit = form.handleSubmit((body) => {
    setServerError(null)
    mark.mutate(
      { id: checkout.id, ...body },
      {
        onSuccess: () => {
          toast.success(t("checkouts.markRefunded.done", number))
          onOpenChange(false)
        },
        onError: (err) => {
          setServerError(err.message)
          toast.error(t("checkouts.markRefunded.failed", number), {
            description: err.message,
            position: "top-right",
          })
        },
      }
    )
  })

  const fieldId = `paylink-refund-note-${checkout.id}`
  return (
    <Drawer open={open} onOpenChange={onOpenChange}>
      <Drawer.Trigger asChild>
        <Button size="small" variant="secondary">
          {t("checkouts.markRefunded.button")}
        </Button>
      </Drawer.Trigger>
      <Drawer.Content data-testid="paylink-mark-refunded">
        <form
          onSubmit={onSubmit}
          noValidate
          className="flex flex-1 flex-col overflow-hidden"
        >
          <Drawer.Header>
            <Drawer.Title>
              {t("checkouts.markRefunded.title", number)}
            </Drawer.Title>
            <Drawer.Description className="text-ui-fg-subtle txt-compact-small">
              {t("checkouts.markRefunded.description", {
                amount: format.amount(checkout),
                gateway: labels.gateway(checkout.gateway),
              })}
            </Drawer.Description>
          </Drawer.Header>
          <Drawer.Body className="flex flex-col gap-y-4 overflow-y-auto">
            {checkout.attention_reason && (
              <Text size="small" className="text-ui-fg-subtle">
                <AttentionReasonText
                  detail={checkout.attention_detail}
                  fallback={checkout.attention_reason}
                />
              </Text>
            )}
            <div className="flex flex-col gap-y-2">
              <Label htmlFor={fieldId} weight="plus">
                {t("checkouts.markRefunded.noteLabel")}
              </Label>
              <Textarea
                id={fieldId}
                rows={5}
                maxLength={REFUND_NOTE_MAX + 100}
                placeholder={t("checkouts.markRefunded.notePlaceholder")}
                aria-invalid={!!error}
                {...form.register("note")}
              />
              {error && <Hint variant="error">{noteError(error.type)}</Hint>}
            </div>
            {serverError && (
              <Alert variant="error" data-testid="paylink-mark-refunded-error">
                {serverError}
              </Alert>
            )}
          </Drawer.Body>
          <Drawer.Footer>
            <Drawer.Close asChild>
              <Button size="small" variant="secondary" type="button">
                {t("actions.cancel")}
              </Button>
            </Drawer.Close>
            <Button size="small" type="submit" isLoading={mark.isPending}>
              {t("checkouts.markRefunded.submit")}
            </Button>
          </Drawer.Footer>
        </form>
      </Drawer.Content>
    </Drawer>
  )
}
