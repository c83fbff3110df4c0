import { Alert, Button, Drawer, Hint, Label, Text, Textarea, toast } from "@medusajs/ui"
import { useState, type FormEvent } from "react"
import { formatAmount, GATEWAY_LABELS, NOTE_MAX, NOTE_MIN, useMarkRefunded, type Checkout } from "../lib/checkouts"
import { placeOrderErrorToastId } from "./place-order-button"

const TEXT = {
  button: "Mark refunded by hand",
  title: (c: Checkout) => `Mark payment link #${c.number} refunded by hand`,
  description: (c: Checkout) =>
    `Refund the customer's ${formatAmount(c)} in ${GATEWAY_LABELS[c.gateway]}'s dashboard (or however you paid it back) first, ` +
    "then record it here. No order is placed, and the link cannot become an order afterwards.",
  noteLabel: "Note",
  notePlaceholder: "How and when the customer was refunded, e.g. “Refunded in the gateway's dashboard on 22 Nov, reference 4411”",
  noteTooShort: `Say how and when the customer was refunded (at least ${NOTE_MIN} characters).`,
  noteTooLong: `At most ${NOTE_MAX} characters.`,
  submit: "Mark refunded",
  cancel: "Cancel",
  done: (c: Checkout) => `Payment link #${c.number} marked refunded by hand`,
  failed: (c: Checkout) => `Could not mark payment link #${c.number} refunded`,
}

function validate(note: string) {
  const n = note.trim().length
  return n < NOTE_MIN ? TEXT.noteTooShort : n > NOTE_MAX ? TEXT.noteTooLong : null
}

/**
 * A paid link that needs attention, settled outside Medusa: the merchant refunded the customer and
 * records how, in a note the server keeps with the record.
 */
export function MarkRefundedButton({ checkout }: { checkout: Checkout }) {
  const [open, setOpen] = useState(false)
  const [note, setNote] = useState("")
  // Validation messages appear once the merchant has tried to submit, then follow the typing.
  const [submitted, setSubmitted] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const mark = useMarkRefunded()
  const invalid = validate(note)

  const onOpenChange = (next: boolean) => {
    setOpen(next)
    if (next) {
      // A refused "Place order" toast would cover the drawer's title; the merchant has read it.
      toast.dismiss(placeOrderErrorToastId(checkout))
    } else {
      setNote("")
      setSubmitted(false)
      setServerError(null)
      mark.reset()
    }
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    setSubmitted(true)
    setServerError(null)
    if (invalid) {
      return
    }
    mark.mutate(
      { id: checkout.id, note: note.trim() },
      {
        onSuccess: () => {
          toast.success(TEXT.done(checkout))
          onOpenChange(false)
        },
        onError: (err) => {
          setServerError(err.message)
          toast.error(TEXT.failed(checkout), { description: err.message, position: "top-right" })
        },
      }
    )
  }

  const fieldId = `paylink-refund-note-${checkout.id}`
  return (
    <Drawer open={open} onOpenChange={onOpenChange}>
      <Drawer.Trigger asChild>
        <Button size="small" variant="secondary">
          {TEXT.button}
        </Button>
      </Drawer.Trigger>
      <Drawer.Content data-testid="paylink-mark-refunded">
        <form onSubmit={onSubmit} noValidate className="flex flex-1 flex-col overflow-hidden">
          <Drawer.Header>
            <Drawer.Title>{TEXT.title(checkout)}</Drawer.Title>
            <Drawer.Description className="text-ui-fg-subtle txt-compact-small">
              {TEXT.description(checkout)}
            </Drawer.Description>
          </Drawer.Header>
          <Drawer.Body className="flex flex-col gap-y-4 overflow-y-auto">
            {checkout.attention_reason && (
              <Text size="small" className="text-ui-fg-subtle">
                {checkout.attention_reason}
              </Text>
            )}
            <div className="flex flex-col gap-y-2">
              <Label htmlFor={fieldId} weight="plus">
                {TEXT.noteLabel}
              </Label>
              <Textarea
                id={fieldId}
                rows={5}
                value={note}
                maxLength={NOTE_MAX + 100}
                placeholder={TEXT.notePlaceholder}
                aria-invalid={submitted && !!invalid}
                onChange={(e) => setNote(e.target.value)}
              />
              {submitted && invalid && <Hint variant="error">{invalid}</Hint>}
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
                {TEXT.cancel}
              </Button>
            </Drawer.Close>
            <Button size="small" type="submit" isLoading={mark.isPending}>
              {TEXT.submit}
            </Button>
          </Drawer.Footer>
        </form>
      </Drawer.Content>
    </Drawer>
  )
}
