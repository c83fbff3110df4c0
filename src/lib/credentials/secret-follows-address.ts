/**
 * The one rule both credential stores keep: a stored secret is only ever sent to the address it was
 * entered for (docs/architecture.md#credentials-and-secrets). Pure: the admin's forms may use it.
 */
export type AddressChange = {
  /** The address the secret is sent to before the save (the stored one, else the option's). */
  before: string | null
  after: string | null
  /** Whether the save types the secret (or clears it) itself. */
  secretGiven: boolean
  /** Whether a secret would go to `after` if the save passed (false when none, or the save drops it). */
  secretWouldFollow: boolean
}

/** True when the secret has to be typed again for the new address. */
export function needsSecretAgain({
  before,
  after,
  secretGiven,
  secretWouldFollow,
}: AddressChange): boolean {
  return after !== before && !secretGiven && secretWouldFollow
}
