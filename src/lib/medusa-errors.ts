/**
 * Client errors to Medusa errors. A MedusaError keeps its type through the workflow engine to the
 * HTTP answer, while a plain Error becomes a bare "unknown error" 500: so every failure that can
 * leave a provider is typed here, with a message that says what to do.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { isPaylinkError } from "./paylink/errors"

export function toMedusaError(error: unknown): MedusaError {
  if (error instanceof MedusaError) {
    return error
  }
  if (isPaylinkError(error)) {
    switch (error.kind) {
      case "invalid_request":
        return new MedusaError(MedusaError.Types.INVALID_DATA, error.message)
      case "authentication":
      case "unavailable":
        // The customer can do nothing about either; the store's answer is a 500 with the reason.
        return new MedusaError(MedusaError.Types.UNEXPECTED_STATE, error.message)
    }
  }
  return new MedusaError(
    MedusaError.Types.UNEXPECTED_STATE,
    `Payment link failed: ${error instanceof Error ? error.message : String(error)}`
  )
}
