import { Button, FocusModal, Heading, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import { useNavigate } from "react-router-dom"
import type { ReconciliationMapping } from "../../../types"
import { usePaylinkTranslation } from "../../lib/labels"
import {
  readingToastId,
  useCreateReconciliation,
} from "../../lib/reconciliations"
import { MAPPING_FORM_ID, MappingStep } from "./mapping-step"
import { UploadStep, type Uploaded } from "./upload-step"

/** Closing the modal forgets the upload: the stored file is used only once a reconciliation starts from it. */
export function NewReconciliationModal() {
  const { t } = usePaylinkTranslation()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const [uploaded, setUploaded] = useState<Uploaded | null>(null)
  const create = useCreateReconciliation()

  const onOpenChange = (next: boolean) => {
    setOpen(next)
    if (!next) {
      setUploaded(null)
      create.reset()
    }
  }

  const start = (mapping: ReconciliationMapping) => {
    if (!uploaded) return
    const { upload, gateway } = uploaded
    create.mutate(
      {
        gateway,
        file_key: upload.file_key,
        file_name: upload.file_name,
        mapping,
      },
      {
        onSuccess: ({ reconciliation }) => {
          toast.success(
            t("reconcile.new.started", { name: reconciliation.file_name }),
            { id: readingToastId(reconciliation.id) }
          )
          onOpenChange(false)
          navigate(`/payment-links/reconciliations/${reconciliation.id}`)
        },
        onError: (err) => toast.error(err.message),
      }
    )
  }

  return (
    <FocusModal open={open} onOpenChange={onOpenChange}>
      <FocusModal.Trigger asChild>
        <Button
          size="small"
          variant="secondary"
          data-testid="paylink-reconcile-new"
        >
          {t("reconcile.new.open")}
        </Button>
      </FocusModal.Trigger>
      <FocusModal.Content data-testid="paylink-reconcile-modal">
        <div className="flex h-full flex-col overflow-hidden">
          <FocusModal.Header />
          <FocusModal.Body className="flex flex-1 flex-col items-center overflow-y-auto py-12">
            <div className="flex w-full max-w-[960px] flex-col gap-y-8 px-4">
              <div>
                <FocusModal.Title asChild>
                  <Heading>{t("reconcile.new.title")}</Heading>
                </FocusModal.Title>
                <FocusModal.Description asChild>
                  <Text size="small" className="text-ui-fg-subtle">
                    {t("reconcile.new.description")}
                  </Text>
                </FocusModal.Description>
              </div>
              {uploaded ? (
                <MappingStep uploaded={uploaded} onSubmit={start} />
              ) : (
                <UploadStep onUploaded={setUploaded} />
              )}
            </div>
          </FocusModal.Body>
          <FocusModal.Footer>
            {uploaded ? (
              <Button
                size="small"
                variant="secondary"
                type="button"
                onClick={() => setUploaded(null)}
              >
                {t("reconcile.new.another")}
              </Button>
            ) : (
              <FocusModal.Close asChild>
                <Button size="small" variant="secondary" type="button">
                  {t("actions.cancel")}
                </Button>
              </FocusModal.Close>
            )}
            {uploaded && (
              <Button
                size="small"
                type="submit"
                form={MAPPING_FORM_ID}
                isLoading={create.isPending}
                data-testid="paylink-reconcile-start"
              >
                {t("reconcile.new.start")}
              </Button>
            )}
          </FocusModal.Footer>
        </div>
      </FocusModal.Content>
    </FocusModal>
  )
}
