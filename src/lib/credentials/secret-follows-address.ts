/**
 * The one rule both credential stores (a gateway's token, the benefits program's password) keep:
 * a stored secret is only ever sent to the address it was entered for. A save that leaves the
 * address different from the one before, without typing the secret again, is refused while a
 * secret would follow to the new address. Pure (imports nothing): the admin's forms may use it.
 */
export type AddressChange = {
  /** The address the secret is sent to before the save (the stored one, else the option's). */
  before: string | null
  /** The address after the save. */
  after: string | null
  /** Whether the save types the secret (or clears it) itself. */
  secretGiven: boolean
  /** Whether a secret would go to `after` if the save passed (false when none, or the save drops it). */
  secretWouldFollow: boolean
}

/** True when the save must be refused: the secret has to be typed again for the new address. */
export function needsSecretAgain({ before, after, secretGiven, secretWouldFollow }: AddressChange): boolean {
  return after !== before && !secretGiven && secretWouldFollow
}
