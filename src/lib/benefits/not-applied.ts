/**
 * The error of an apply that failed after the program authorized the discount: there is no reversal
 * call, so it says that an authorization exists although nothing was applied.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { codedError } from "../common/store-errors"

export type AuthorizationOnRecord = {
  authorization: string
  /** Whether a failure leaves the redemption `failed` with its codes (a new one, or one already failed). */
  kept_on_failure: boolean
}

export function notAppliedError(
  held: AuthorizationOnRecord,
  error: unknown
): unknown {
  if (!held.kept_on_failure) {
    // A held authorization brought back goes back to what it was: nothing new to tell.
    return error
  }
  const message =
    (error as { message?: string } | null)?.message ?? "unknown error"
  return codedError(
    MedusaError.Types.UNEXPECTED_STATE,
    "benefits.not_applied",
    `The benefits program authorized the discount (authorization ${held.authorization}), but applying it to the cart failed: ${message} ` +
      "No discount was applied; the redemption is kept as failed with its codes."
  )
}
