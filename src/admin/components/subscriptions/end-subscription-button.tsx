import {
  Alert,
  Button,
  Hint,
  Label,
  Prompt,
  Textarea,
  toast,
} from "@medusajs/ui"
import { useState } from "react"
import type { Subscription } from "../../../types"
import { usePaylinkTranslation } from "../../lib/labels"
import { END_NOTE_MAX, useEndSubscription } from "../../lib/subscriptions"

/**
 * Mark ended, after a prompt that says it does not stop the charges: the merchant cancels in
 * gateway A's dashboard first (the service has no cancel call). An optional note is kept.
 */
export function EndSubscriptionButton({
  subscription: s,
}: {
  subscription: Subscription
}) {
  const { t } = usePaylinkTranslation()
  const [open, setOpen] = useState(false)
  const [note, setNote] = useState("")
  const [serverError, setServerError] = useState<string | null>(null)
  const end = useEndSubscription(s.id)
  const number = { number: s.number }
  const tooLong = note.trim().length > END_NOTE_MAX
  const fieldId = `paylink-end-note-${s.id}`

  const onOpenChange = (next: boolean) => {
    setOpen(next)
    if (!next) {
      setNote("")
      setServerError(null)
      end.reset()
    }
  }
  const onConfirm = () => {
    if (tooLong) return
    setServerError(null)
    const text = note.trim()
    end.mutate(text ? { note: text } : {}, {
      onSuccess: () => {
        toast.success(t("subscriptions.end.done", number))
        onOpenChange(false)
      },
      onError: (err) => {
        setServerError(err.message)
        toast.error(t("subscriptions.end.failed", number), {
          description: err.message,
        })
      },
    })
  }

  return (
    <Prompt open={open} onOpenChange={onOpenChange} variant="danger">
      <Prompt.Trigger asChild>
        <Button
          size="small"
          variant="secondary"
          data-testid="paylink-subscription-end"
        >
          {t("subscriptions.end.button")}
        </Button>
      </Prompt.Trigger>
      <Prompt.Content data-testid="paylink-subscription-end-prompt">
        <Prompt.Header>
          <Prompt.Title>{t("subscriptions.end.title", number)}</Prompt.Title>
          <Prompt.Description>
            {t("subscriptions.end.description")}
          </Prompt.Description>
        </Prompt.Header>
        <div className="flex flex-col gap-y-2 px-6 pt-4">
          <Label htmlFor={fieldId} size="small" weight="plus">
            {t("subscriptions.end.noteLabel")}
          </Label>
          <Textarea
            id={fieldId}
            rows={3}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            placeholder={t("subscriptions.end.notePlaceholder")}
            aria-invalid={tooLong || undefined}
            data-testid="paylink-subscription-end-note"
          />
          {tooLong && (
            <Hint variant="error">
              {t("subscriptions.end.noteTooLong", { max: END_NOTE_MAX })}
            </Hint>
          )}
          {serverError && <Alert variant="error">{serverError}</Alert>}
        </div>
        <Prompt.Footer>
          <Prompt.Cancel>{t("actions.cancel")}</Prompt.Cancel>
          {/* Not Prompt.Action, which would close before the answer: a refusal stays on screen. */}
          <Button
            size="small"
            variant="danger"
            type="button"
            isLoading={end.isPending}
            disabled={tooLong}
            onClick={onConfirm}
            data-testid="paylink-subscription-end-confirm"
          >
            {t("subscriptions.end.confirm")}
          </Button>
        </Prompt.Footer>
      </Prompt.Content>
    </Prompt>
  )
}
