/**
 * The mapping of an export's columns to the fields a reconciliation reads: a guess from the
 * header names for a gateway's first file, and the check of a mapping the merchant sends.
 */
import {
  REFERENCE_KINDS,
  REQUIRED_MAPPED_FIELDS,
  type MappedField,
  type ReconciliationMapping,
  type ReferenceKind,
} from "../../types/reconciliation"
import { DEFAULT_PAID_STATUSES, normalizeStatus } from "./status"

/** A header name compared without accents, case or punctuation: "No. de enlace" → "no de enlace". */
function headerKey(name: string): string {
  return normalizeStatus(name)
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
}

const REFERENCE_NAMES: Record<ReferenceKind, string[][]> = {
  number: [
    [
      "no de enlace",
      "numero de enlace",
      "no enlace",
      "link number",
      "link no",
      "payment link number",
    ],
    ["enlace", "numero", "link", "no"],
  ],
  checkout_id: [
    [
      "checkout id",
      "id de checkout",
      "id de transaccion",
      "transaction id",
      "id transaccion",
    ],
  ],
}

/**
 * Header names per field, most specific first: the first list with exactly one column in the
 * header wins. Exact names only (never "contains"): "Número de tarjeta" must not be the link number.
 */
const CANDIDATES: Record<
  Exclude<MappedField, "reference" | "other_reference">,
  string[][]
> = {
  amount: [
    [
      "monto",
      "importe",
      "amount",
      "monto pagado",
      "monto total",
      "paid amount",
    ],
    ["total", "valor"],
  ],
  currency: [["moneda", "currency", "divisa"]],
  paid_at: [
    [
      "fecha de pago",
      "fecha pago",
      "paid at",
      "payment date",
      "fecha y hora de pago",
    ],
    [
      "fecha",
      "date",
      "fecha y hora",
      "fecha de transaccion",
      "transaction date",
    ],
  ],
  status: [
    [
      "estado",
      "status",
      "estatus",
      "estado de pago",
      "estado del pago",
      "payment status",
    ],
  ],
  card_last4: [
    [
      "tarjeta",
      "card",
      "ultimos 4",
      "ultimos 4 digitos",
      "card last 4",
      "last 4",
    ],
    ["numero de tarjeta", "card number"],
  ],
  authorization: [
    [
      "autorizacion",
      "authorization",
      "no de autorizacion",
      "codigo de autorizacion",
      "authorization code",
      "auth code",
    ],
  ],
}

/** The one column the first list with a single hit names; none when a list fits two equally. */
function columnNamed(
  columns: string[],
  keys: string[],
  lists: string[][]
): string | undefined {
  for (const names of lists) {
    const hits = columns.filter((_, i) => names.includes(keys[i]))
    if (hits.length > 1) return undefined // two columns fit equally: not sure, leave it to the merchant
    if (hits.length === 1) return hits[0]
  }
  return undefined
}

/**
 * The checkout id is the reference when the header has one (unique across stores, where link
 * numbers repeat); the link number, when there too, is its cross-check.
 */
export function suggestMapping(
  columns: string[]
): Partial<ReconciliationMapping> {
  const keys = columns.map(headerKey)
  const mapping: Partial<ReconciliationMapping> = {
    paid_statuses: [...DEFAULT_PAID_STATUSES],
  }
  const checkoutId = columnNamed(columns, keys, REFERENCE_NAMES.checkout_id)
  const number = columnNamed(columns, keys, REFERENCE_NAMES.number)
  if (checkoutId) {
    Object.assign(
      mapping,
      { reference: checkoutId, reference_kind: "checkout_id" },
      number ? { other_reference: number } : {}
    )
  } else if (number) {
    Object.assign(mapping, { reference: number, reference_kind: "number" })
  }
  for (const field of Object.keys(CANDIDATES) as (keyof typeof CANDIDATES)[]) {
    const column = columnNamed(columns, keys, CANDIDATES[field])
    if (column) mapping[field] = column
  }
  return mapping
}

/**
 * A kept mapping with one reference only gains the header's other kind as cross-check, so another
 * store's link with the same number is caught without the merchant mapping again.
 */
export function withCrossCheck(
  saved: ReconciliationMapping,
  columns: string[]
): ReconciliationMapping {
  if (saved.other_reference) return saved
  const keys = columns.map(headerKey)
  const otherKind: ReferenceKind =
    saved.reference_kind === "number" ? "checkout_id" : "number"
  const other = columnNamed(columns, keys, REFERENCE_NAMES[otherKind])
  return other && other !== saved.reference
    ? { ...saved, other_reference: other }
    : saved
}

const OPTIONAL_FIELDS = [
  "other_reference",
  "currency",
  "card_last4",
  "authorization",
] as const

export function mappingProblems(
  mapping: Partial<ReconciliationMapping>,
  columns: string[]
): { field: string; rule: string }[] {
  const problems: { field: string; rule: string }[] = []
  const inHeader = (field: string, value: unknown) => {
    if (typeof value !== "string") {
      problems.push({ field, rule: "must name a column of the file's header" })
    } else if (!columns.includes(value)) {
      problems.push({
        field,
        rule: `names the column "${value}", which is not in the file's header`,
      })
    }
  }
  for (const field of REQUIRED_MAPPED_FIELDS) {
    const value = mapping[field]
    if (value === undefined || value === null || value === "") {
      problems.push({
        field,
        rule: "is required: map it to a column of the file",
      })
    } else inHeader(field, value)
  }
  for (const field of OPTIONAL_FIELDS) {
    const value = mapping[field]
    if (value !== undefined && value !== null && value !== "")
      inHeader(field, value)
  }
  if (
    mapping.other_reference &&
    mapping.other_reference === mapping.reference
  ) {
    problems.push({
      field: "other_reference",
      rule: "must be another column than reference (the other kind of reference), or none",
    })
  }
  if (
    !(REFERENCE_KINDS as readonly unknown[]).includes(mapping.reference_kind)
  ) {
    problems.push({
      field: "reference_kind",
      rule: `must be one of ${REFERENCE_KINDS.join(", ")}`,
    })
  }
  const statuses = mapping.paid_statuses
  if (
    !Array.isArray(statuses) ||
    statuses.filter((s) => typeof s === "string" && s.trim() !== "").length ===
      0
  ) {
    problems.push({
      field: "paid_statuses",
      rule: "must list at least one status that means the payment arrived",
    })
  }
  return problems
}
