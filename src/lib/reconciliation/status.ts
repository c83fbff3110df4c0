/**
 * Which report rows are payments. Dashboards word a paid transaction in Spanish or English, with
 * or without accents and in any case ("APROBADA", "Autorizado", "Succeeded"); the merchant's list
 * decides, compared after normalizing both sides.
 */
export const DEFAULT_PAID_STATUSES: string[] = [
  "pagado",
  "pagada",
  "aprobado",
  "aprobada",
  "autorizado",
  "autorizada",
  "completado",
  "completada",
  "exitoso",
  "exitosa",
  "liquidado",
  "paid",
  "approved",
  "authorized",
  "completed",
  "succeeded",
  "success",
  "settled",
]

/** Lower-case, accents stripped, trimmed, inner spaces collapsed: "  Aprobación  Total " → "aprobacion total". */
export function normalizeStatus(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .trim()
    .replace(/\s+/g, " ")
}

export function isPaidStatus(
  value: string,
  paidStatuses: readonly string[]
): boolean {
  const status = normalizeStatus(value)
  return (
    status !== "" &&
    paidStatuses.some((paid) => normalizeStatus(paid) === status)
  )
}
