/**
 * The mapping form's values and rules. The rules are the server's (mappingProblems), which the route
 * checks again against the stored file's header.
 */
import { z } from "zod"
import {
  MAPPED_FIELDS,
  REFERENCE_KINDS,
  REQUIRED_MAPPED_FIELDS,
  type MappedField,
  type ReconciliationMapping,
} from "../../types"
import type { PreviewMapping } from "./report-preview"

/** A Select's "—": Radix's Select cannot hold an empty value. */
export const NONE = "__none__"

export const isRequiredField = (f: MappedField) =>
  (REQUIRED_MAPPED_FIELDS as readonly string[]).includes(f)

/** Comma-separated statuses, each trimmed; empty ones dropped ("Pagado, , aprobada" → two). */
export const splitStatuses = (text: string) =>
  text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)

const column = z.string()

/** Error messages are the admin's translation keys (reconcile.mapping.errors.*). */
export const MappingFormSchema = z
  .object({
    ...(Object.fromEntries(MAPPED_FIELDS.map((f) => [f, column])) as Record<
      MappedField,
      typeof column
    >),
    reference_kind: z.enum(REFERENCE_KINDS),
    paid_statuses: z.string(),
  })
  .superRefine((v, ctx) => {
    for (const f of REQUIRED_MAPPED_FIELDS) {
      if (!v[f] || v[f] === NONE)
        ctx.addIssue({
          code: "custom",
          path: [f],
          message: "reconcile.mapping.errors.required",
        })
    }
    if (!splitStatuses(v.paid_statuses).length) {
      ctx.addIssue({
        code: "custom",
        path: ["paid_statuses"],
        message: "reconcile.mapping.errors.paidStatuses",
      })
    }
  })

export type MappingFormValues = z.infer<typeof MappingFormSchema>

const columnOrNone = (value: string | null | undefined, columns: string[]) =>
  value && columns.includes(value) ? value : NONE

/** The server's suggestion, only columns the file has. */
export function initialValues(
  suggested: Partial<ReconciliationMapping>,
  columns: string[],
  defaultStatuses: string[]
): MappingFormValues {
  const fields = Object.fromEntries(
    MAPPED_FIELDS.map((f) => [
      f,
      columnOrNone(suggested[f] as string | null | undefined, columns),
    ])
  )
  return {
    ...(fields as Record<MappedField, string>),
    reference_kind: suggested.reference_kind ?? "number",
    paid_statuses: (suggested.paid_statuses?.length
      ? suggested.paid_statuses
      : defaultStatuses
    ).join(", "),
  }
}

const orNull = (v: string) => (v && v !== NONE ? v : null)

export function toMapping(v: MappingFormValues): ReconciliationMapping {
  return {
    reference: v.reference,
    reference_kind: v.reference_kind,
    other_reference: orNull(v.other_reference),
    amount: v.amount,
    currency: orNull(v.currency),
    paid_at: v.paid_at,
    status: v.status,
    card_last4: orNull(v.card_last4),
    authorization: orNull(v.authorization),
    paid_statuses: splitStatuses(v.paid_statuses),
  }
}

/** Any values, valid or not. */
export function toPreviewMapping(
  v: Partial<MappingFormValues>
): PreviewMapping {
  return {
    columns: Object.fromEntries(
      MAPPED_FIELDS.map((f) => [f, orNull(v[f] ?? "")])
    ),
    reference_kind: v.reference_kind ?? "number",
    paid_statuses: splitStatuses(v.paid_statuses ?? ""),
  }
}
