/**
 * The error of an apply that failed after the program authorized the discount. There is no
 * reversal call, so the customer and the merchant must learn that the authorization exists even
 * though nothing was applied; the steps after the authorization throw this instead of their own.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { codedError } from "../common/store-errors"

/** What those steps know of the authorization they apply. */
export type AuthorizationOnRecord = {
  authorization: string
  /** Whether a failure leaves the redemption `failed` with its codes (a new one, or one already failed). */
  kept_on_failure: boolean
}

export function notAppliedError(held: AuthorizationOnRecord, error: unknown): unknown {
  if (!held.kept_on_failure) {
    // A held authorization brought back goes back to what it was: nothing new to tell.
    return error
  }
  const message = (error as { message?: string } | null)?.message ?? "unknown error"
  return codedError(
    MedusaError.Types.UNEXPECTED_STATE,
    "benefits.not_applied",
    `The benefits program authorized the discount (authorization ${held.authorization}), but applying it to the cart failed: ${message} ` +
      "No discount was applied; the redemption is kept as failed with its codes."
  )
}
