import { Button, Hint, Label, Select, Text } from "@medusajs/ui"
import { useState } from "react"
import type {
  ReconciliationGateway,
  ReconciliationUploadPreview,
} from "../../../types"
import { usePaylinkTranslation } from "../../lib/labels"
import {
  RECONCILE_GATEWAYS,
  useReconcileGatewayLabels,
} from "../../lib/reconciliation-gateways"
import { useUploadReconciliationFile } from "../../lib/reconciliations"
import { errorIdOf, invalidProps } from "../form-field"

export type Uploaded = {
  gateway: ReconciliationGateway
  upload: ReconciliationUploadPreview
}

/** "12.4 KB": the file's size as the merchant's file manager writes it. */
export function fileSize(bytes: number, locale: string) {
  const units = ["B", "KB", "MB"]
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit ? 1 : 0 }).format(value)} ${units[unit]}`
}

/** The first step: the gateway and the file; the server's refusal shows under the file, in its words. */
export function UploadStep({
  onUploaded,
}: {
  onUploaded: (u: Uploaded) => void
}) {
  const { t } = usePaylinkTranslation()
  const names = useReconcileGatewayLabels()
  const upload = useUploadReconciliationFile()
  const [gateway, setGateway] = useState<ReconciliationGateway | "">("")
  const [file, setFile] = useState<File | null>(null)
  const [tried, setTried] = useState(false)
  const gatewayError =
    tried && !gateway ? t("reconcile.new.errors.gateway") : undefined
  const fileError =
    tried && !file ? t("reconcile.new.errors.file") : upload.error?.message
  const products = gateway ? names.products(gateway) : []

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (!gateway || !file) return
    upload.mutate(
      { gateway, file },
      {
        onSuccess: ({ upload: preview }) =>
          onUploaded({ gateway, upload: preview }),
      }
    )
  }

  return (
    <form
      id="paylink-reconcile-upload"
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-y-6"
      data-testid="paylink-reconcile-upload"
    >
      <div className="flex flex-col gap-y-2">
        <Label id="reconcile-gateway-label" weight="plus">
          {t("reconcile.new.gateway")}
        </Label>
        <Select
          value={gateway}
          onValueChange={(v) => setGateway(v as ReconciliationGateway)}
        >
          <Select.Trigger
            aria-labelledby="reconcile-gateway-label"
            data-testid="paylink-reconcile-gateway"
            {...invalidProps("reconcile-gateway", gatewayError)}
          >
            <Select.Value placeholder={t("reconcile.new.chooseGateway")} />
          </Select.Trigger>
          <Select.Content>
            {RECONCILE_GATEWAYS.map((g) => (
              <Select.Item key={g.key} value={g.key}>
                {names.name(g.key)}
              </Select.Item>
            ))}
          </Select.Content>
        </Select>
        {products.length > 1 && (
          <Text size="xsmall" className="text-ui-fg-subtle">
            {t("reconcile.new.sharedExport", { products: products.join(", ") })}
          </Text>
        )}
        {gatewayError && (
          <Hint variant="error" id={errorIdOf("reconcile-gateway")}>
            {gatewayError}
          </Hint>
        )}
      </div>
      <div className="flex flex-col gap-y-2">
        <Label htmlFor="reconcile-file" weight="plus">
          {t("reconcile.new.file")}
        </Label>
        {/* The browser's own file input, styled as the admin's inputs: it opens the system's picker and takes a drop. */}
        <input
          id="reconcile-file"
          type="file"
          accept=".csv,text/csv"
          data-testid="paylink-reconcile-file"
          className="txt-compact-small text-ui-fg-base bg-ui-bg-field shadow-borders-base file:bg-ui-button-neutral file:shadow-buttons-neutral file:text-ui-fg-base rounded-md px-2 py-1.5 file:mr-3 file:rounded file:border-0 file:px-2 file:py-1"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null)
            upload.reset()
          }}
          {...invalidProps("reconcile-file", fileError)}
        />
        <Text size="xsmall" className="text-ui-fg-subtle">
          {t("reconcile.new.fileHint")}
        </Text>
        {fileError && (
          <Hint
            variant="error"
            id={errorIdOf("reconcile-file")}
            data-testid="paylink-reconcile-upload-error"
          >
            {fileError}
          </Hint>
        )}
      </div>
      <div>
        <Button
          size="small"
          type="submit"
          isLoading={upload.isPending}
          data-testid="paylink-reconcile-upload-submit"
        >
          {t("reconcile.new.upload")}
        </Button>
      </div>
    </form>
  )
}
