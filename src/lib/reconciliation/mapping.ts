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
  return normalizeStatus(name).replace(/[^a-z0-9]+/g, " ").trim()
}

type Candidate = { names: string[]; kind?: ReferenceKind }

/**
 * Header names per field, most specific first: the first list with exactly one column in the
 * header wins. Exact names only (never "contains"): "Número de tarjeta" must not be the link number.
 */
const CANDIDATES: Record<MappedField, Candidate[]> = {
  reference: [
    { names: ["no de enlace", "numero de enlace", "no enlace", "link number", "link no", "payment link number"], kind: "number" },
    { names: ["enlace", "numero", "link", "no"], kind: "number" },
    { names: ["checkout id", "id de checkout", "id de transaccion", "transaction id", "id transaccion"], kind: "checkout_id" },
  ],
  amount: [
    { names: ["monto", "importe", "amount", "monto pagado", "monto total", "paid amount"] },
    { names: ["total", "valor"] },
  ],
  currency: [{ names: ["moneda", "currency", "divisa"] }],
  paid_at: [
    { names: ["fecha de pago", "fecha pago", "paid at", "payment date", "fecha y hora de pago"] },
    { names: ["fecha", "date", "fecha y hora", "fecha de transaccion", "transaction date"] },
  ],
  status: [
    { names: ["estado", "status", "estatus", "estado de pago", "estado del pago", "payment status"] },
  ],
  card_last4: [
    { names: ["tarjeta", "card", "ultimos 4", "ultimos 4 digitos", "card last 4", "last 4"] },
    { names: ["numero de tarjeta", "card number"] },
  ],
  authorization: [
    { names: ["autorizacion", "authorization", "no de autorizacion", "codigo de autorizacion", "authorization code", "auth code"] },
  ],
}

export function suggestMapping(columns: string[]): Partial<ReconciliationMapping> {
  const keys = columns.map(headerKey)
  const mapping: Partial<ReconciliationMapping> = { paid_statuses: [...DEFAULT_PAID_STATUSES] }
  for (const field of Object.keys(CANDIDATES) as MappedField[]) {
    for (const candidate of CANDIDATES[field]) {
      const hits = columns.filter((_, i) => candidate.names.includes(keys[i]))
      if (hits.length > 1) break // two columns fit equally: not sure, leave it to the merchant
      if (hits.length === 1) {
        mapping[field] = hits[0]
        if (candidate.kind) mapping.reference_kind = candidate.kind
        break
      }
    }
  }
  return mapping
}

const OPTIONAL_FIELDS = ["currency", "card_last4", "authorization"] as const

export function mappingProblems(
  mapping: Partial<ReconciliationMapping>,
  columns: string[]
): { field: string; rule: string }[] {
  const problems: { field: string; rule: string }[] = []
  const inHeader = (field: string, value: unknown) => {
    if (typeof value !== "string") {
      problems.push({ field, rule: "must name a column of the file's header" })
    } else if (!columns.includes(value)) {
      problems.push({ field, rule: `names the column "${value}", which is not in the file's header` })
    }
  }
  for (const field of REQUIRED_MAPPED_FIELDS) {
    const value = mapping[field]
    if (value === undefined || value === null || value === "") {
      problems.push({ field, rule: "is required: map it to a column of the file" })
    } else inHeader(field, value)
  }
  for (const field of OPTIONAL_FIELDS) {
    const value = mapping[field]
    if (value !== undefined && value !== null && value !== "") inHeader(field, value)
  }
  if (!(REFERENCE_KINDS as readonly unknown[]).includes(mapping.reference_kind)) {
    problems.push({ field: "reference_kind", rule: `must be one of ${REFERENCE_KINDS.join(", ")}` })
  }
  const statuses = mapping.paid_statuses
  if (!Array.isArray(statuses) || statuses.filter((s) => typeof s === "string" && s.trim() !== "").length === 0) {
    problems.push({ field: "paid_statuses", rule: "must list at least one status that means the payment arrived" })
  }
  return problems
}
