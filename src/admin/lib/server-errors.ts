/**
 * The plugin's routes answer a refused save with a 400 whose message starts with the field it is
 * about ("base_url: must be an absolute https URL ..."), so that a form can show it on that field.
 */

export type ServerFieldError<F extends string> = { field: F; message: string }

/** The error's message (a FetchError of the JS SDK, or any Error), or "". */
export function serverMessage(err: unknown): string {
  return err instanceof Error ? err.message : typeof err === "string" ? err : ""
}

/**
 * `{ field, message }` when the error's message starts with "<field>: " for one of `fields`
 * (the message without that prefix), else null: the form then shows the message as a whole.
 */
export function fieldErrorOf<F extends string>(err: unknown, fields: readonly F[]): ServerFieldError<F> | null {
  const message = serverMessage(err)
  const match = /^([a-z_]+):\s*([\s\S]+)$/.exec(message)
  if (!match || !(fields as readonly string[]).includes(match[1])) {
    return null
  }
  return { field: match[1] as F, message: match[2].trim() }
}
