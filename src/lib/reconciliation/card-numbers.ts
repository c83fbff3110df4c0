/** Card numbers in text a report or the CSV parser hands back: only their last 4 digits are ever shown or stored. */

/** A run of 12 to 19 digits (spaces or dashes allowed) is a card number: only its last 4 are shown. */
export function maskCardNumbers(value: string): string {
  return value.replace(
    /\d(?:[ -]?\d){11,18}/g,
    (run) => `****${run.replace(/\D/g, "").slice(-4)}`
  )
}
