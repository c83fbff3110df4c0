import { zodResolver } from "@hookform/resolvers/zod"
import { Badge, Hint, Input, Label, Select, Text } from "@medusajs/ui"
import { useMemo } from "react"
import { Controller, useForm, useWatch, type Control } from "react-hook-form"
import {
  MAPPED_FIELDS,
  REFERENCE_KINDS,
  type MappedField,
  type ReconciliationMapping,
} from "../../../types"
import { useFormat } from "../../lib/format"
import { usePaylinkTranslation } from "../../lib/labels"
import {
  initialValues,
  isRequiredField,
  MappingFormSchema,
  NONE,
  toMapping,
  toPreviewMapping,
  type MappingFormValues,
} from "../../lib/mapping-form"
import {
  reconcileGateway,
  useReconcileGatewayLabels,
} from "../../lib/reconciliation-gateways"
import { DEFAULT_PAID_STATUSES } from "../../lib/report-readers"
import { errorIdOf, invalidProps } from "../form-field"
import { MappingPreview } from "./mapping-preview"
import { fileSize, type Uploaded } from "./upload-step"

export const MAPPING_FORM_ID = "paylink-reconcile-mapping"

function ColumnSelect({
  control,
  field,
  columns,
}: {
  control: Control<MappingFormValues>
  field: MappedField
  columns: string[]
}) {
  const { t } = usePaylinkTranslation()
  const required = isRequiredField(field)
  const id = `reconcile-map-${field}`
  return (
    <Controller
      control={control}
      name={field}
      render={({ field: { value, onChange }, fieldState }) => {
        const error = fieldState.error?.message && t(fieldState.error.message)
        return (
          <div className="flex flex-col gap-y-1.5">
            <Label
              id={`${id}-label`}
              size="small"
              weight="plus"
              className="flex items-center gap-x-1.5"
            >
              {t(`reconcile.mapping.fields.${field}`)}
              {required && (
                <span className="text-ui-fg-muted txt-compact-xsmall font-normal">
                  ({t("reconcile.mapping.required")})
                </span>
              )}
            </Label>
            <Select value={value} onValueChange={onChange}>
              <Select.Trigger
                aria-labelledby={`${id}-label`}
                data-testid={`paylink-reconcile-map-${field}`}
                {...invalidProps(id, error)}
              >
                <Select.Value placeholder={t("reconcile.mapping.choose")} />
              </Select.Trigger>
              <Select.Content>
                {!required && (
                  <Select.Item value={NONE}>
                    {t("reconcile.mapping.none")}
                  </Select.Item>
                )}
                {columns.map((c) => (
                  <Select.Item key={c} value={c}>
                    {c}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select>
            {field === "other_reference" && !error && (
              <Text size="xsmall" className="text-ui-fg-subtle">
                {t("reconcile.mapping.otherReferenceHint")}
              </Text>
            )}
            {error && (
              <Hint variant="error" id={errorIdOf(id)}>
                {error}
              </Hint>
            )}
          </div>
        )
      }}
    />
  )
}

/** The second step: which column holds each field, prefilled from the kept or guessed mapping, with a live preview. */
export function MappingStep({
  uploaded,
  onSubmit,
}: {
  uploaded: Uploaded
  onSubmit: (mapping: ReconciliationMapping) => void
}) {
  const { t } = usePaylinkTranslation()
  const format = useFormat()
  const names = useReconcileGatewayLabels()
  const { upload, gateway } = uploaded
  const defaults = useMemo(
    () =>
      initialValues(
        upload.suggested_mapping,
        upload.columns,
        DEFAULT_PAID_STATUSES
      ),
    [upload]
  )
  const form = useForm<MappingFormValues>({
    resolver: zodResolver(MappingFormSchema),
    defaultValues: defaults,
  })
  const values = useWatch({
    control: form.control,
  }) as Partial<MappingFormValues>
  const preview = useMemo(() => toPreviewMapping(values), [values])
  const statusesError = form.formState.errors.paid_statuses?.message

  return (
    <form
      id={MAPPING_FORM_ID}
      noValidate
      onSubmit={form.handleSubmit((v) => onSubmit(toMapping(v)))}
      className="flex flex-col gap-y-6"
      data-testid="paylink-reconcile-mapping"
    >
      <div className="flex flex-col gap-y-1">
        <Text
          size="small"
          className="text-ui-fg-subtle"
          data-testid="paylink-reconcile-uploaded"
        >
          {names.name(gateway)} ·{" "}
          {t("reconcile.new.uploaded", {
            name: upload.file_name,
            size: fileSize(upload.file_size, format.locale),
          })}
        </Text>
        <div className="flex flex-wrap items-center gap-x-2">
          <Text size="small" weight="plus">
            {t("reconcile.mapping.title")}
          </Text>
          <Badge
            size="2xsmall"
            color={upload.mapping_is_saved ? "green" : "orange"}
            data-testid="paylink-reconcile-mapping-origin"
          >
            {upload.mapping_is_saved
              ? t("reconcile.mapping.saved")
              : t("reconcile.mapping.guessed")}
          </Badge>
        </div>
        <Text size="xsmall" className="text-ui-fg-subtle">
          {t("reconcile.mapping.description")}
        </Text>
      </div>
      <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {MAPPED_FIELDS.map((f) => (
          <ColumnSelect
            key={f}
            control={form.control}
            field={f}
            columns={upload.columns}
          />
        ))}
        <Controller
          control={form.control}
          name="reference_kind"
          render={({ field: { value, onChange } }) => (
            <div className="flex flex-col gap-y-1.5">
              <Label id="reconcile-kind-label" size="small" weight="plus">
                {t("reconcile.mapping.referenceKind")}
              </Label>
              <Select value={value} onValueChange={onChange}>
                <Select.Trigger
                  aria-labelledby="reconcile-kind-label"
                  data-testid="paylink-reconcile-reference-kind"
                >
                  <Select.Value />
                </Select.Trigger>
                <Select.Content>
                  {REFERENCE_KINDS.map((k) => (
                    <Select.Item key={k} value={k}>
                      {t(`reconcile.mapping.kinds.${k}`)}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select>
            </div>
          )}
        />
      </div>
      <div className="flex flex-col gap-y-1.5">
        <Label htmlFor="reconcile-paid-statuses" size="small" weight="plus">
          {t("reconcile.mapping.paidStatuses")}
        </Label>
        <Input
          id="reconcile-paid-statuses"
          data-testid="paylink-reconcile-paid-statuses"
          {...form.register("paid_statuses")}
          {...invalidProps("reconcile-paid-statuses", statusesError)}
        />
        <Text size="xsmall" className="text-ui-fg-subtle">
          {t("reconcile.mapping.paidStatusesHint")}
        </Text>
        {statusesError && (
          <Hint variant="error" id={errorIdOf("reconcile-paid-statuses")}>
            {t(statusesError)}
          </Hint>
        )}
      </div>
      <MappingPreview
        columns={upload.columns}
        rows={upload.rows}
        mapping={preview}
        defaultCurrency={reconcileGateway(gateway)?.defaultCurrency ?? "GTQ"}
      />
    </form>
  )
}
