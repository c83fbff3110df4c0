/**
 * The plugin's routes answer a refused save with a 400 whose message starts with the field it is
 * about ("base_url: must be an absolute https URL ..."), after Medusa's "Invalid request: " when
 * the route's schema refused it, so that a form can show it on that field.
 */

export type ServerFieldError<F extends string> = { field: F; message: string }

/** The error's message (a FetchError of the JS SDK, or any Error), or "". */
export function serverMessage(err: unknown): string {
  return err instanceof Error ? err.message : typeof err === "string" ? err : ""
}

/**
 * What Medusa's body validator puts before the issues of a schema's refusal. A refusal of the
 * route's schema and one of the module both name their fields after it.
 */
const VALIDATOR_PREFIX = /^Invalid request: /

/** The message without Medusa's validator prefix, when what follows starts with one of `fields`. */
function withoutValidatorPrefix<F extends string>(message: string, fields: readonly F[]): string {
  const rest = message.replace(VALIDATOR_PREFIX, "")
  return rest !== message && fieldErrorOfMessage(rest, fields) ? rest : message
}

/**
 * `{ field, message }` when the error's message starts with "<field>: " for one of `fields`
 * (the message without that prefix), else null: the form then shows the message as a whole.
 */
export function fieldErrorOf<F extends string>(err: unknown, fields: readonly F[]): ServerFieldError<F> | null {
  return fieldErrorOfMessage(withoutValidatorPrefix(serverMessage(err), fields), fields)
}

function fieldErrorOfMessage<F extends string>(message: string, fields: readonly F[]): ServerFieldError<F> | null {
  const match = /^([a-z_]+):\s*([\s\S]+)$/.exec(message)
  if (!match || !(fields as readonly string[]).includes(match[1])) {
    return null
  }
  return { field: match[1] as F, message: match[2].trim() }
}

/**
 * Every field a refusal names: the routes join one `field: rule` per field with "; " (a rule may
 * hold "; " itself, so only "; " followed by one of `fields` and ":" starts the next). Empty when
 * the message does not start with a field.
 */
export function fieldErrorsOf<F extends string>(err: unknown, fields: readonly F[]): ServerFieldError<F>[] {
  const message = withoutValidatorPrefix(serverMessage(err), fields)
  if (!fieldErrorOfMessage(message, fields)) return []
  const next = new RegExp(`; (?=(?:${fields.map((f) => f.replace(/[^a-z_]/g, "")).join("|")}): )`)
  return message.split(next).flatMap((part) => fieldErrorOfMessage(part, fields) ?? [])
}
