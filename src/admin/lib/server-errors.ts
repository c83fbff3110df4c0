/**
 * A refused save's 400 starts with the field it is about (after Medusa's "Invalid request: " when
 * the route's schema refused it), so a form can show it on that field.
 */

export type ServerFieldError<F extends string> = { field: F; message: string }

export function serverMessage(err: unknown): string {
  return err instanceof Error ? err.message : typeof err === "string" ? err : ""
}

const VALIDATOR_PREFIX = /^Invalid request: /

function withoutValidatorPrefix<F extends string>(
  message: string,
  fields: readonly F[]
): string {
  const rest = message.replace(VALIDATOR_PREFIX, "")
  return rest !== message && fieldErrorOfMessage(rest, fields) ? rest : message
}

/** Null when the message starts with no field: the form then shows it as a whole. */
export function fieldErrorOf<F extends string>(
  err: unknown,
  fields: readonly F[]
): ServerFieldError<F> | null {
  return fieldErrorOfMessage(
    withoutValidatorPrefix(serverMessage(err), fields),
    fields
  )
}

function fieldErrorOfMessage<F extends string>(
  message: string,
  fields: readonly F[]
): ServerFieldError<F> | null {
  const match = /^([a-z_]+):\s*([\s\S]+)$/.exec(message)
  if (!match || !(fields as readonly string[]).includes(match[1])) {
    return null
  }
  return { field: match[1] as F, message: match[2].trim() }
}

/** The routes join one `field: rule` per field with "; " (a rule may hold "; " itself, so only one followed by a field splits). */
export function fieldErrorsOf<F extends string>(
  err: unknown,
  fields: readonly F[]
): ServerFieldError<F>[] {
  const message = withoutValidatorPrefix(serverMessage(err), fields)
  if (!fieldErrorOfMessage(message, fields)) return []
  const next = new RegExp(
    `; (?=(?:${fields.map((f) => f.replace(/[^a-z_]/g, "")).join("|")}): )`
  )
  return message
    .split(next)
    .flatMap((part) => fieldErrorOfMessage(part, fields) ?? [])
}
