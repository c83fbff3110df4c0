/**
 * Client errors to Medusa errors: a MedusaError keeps its type to the HTTP answer where a plain
 * Error becomes a bare 500, so every failure that can leave a provider is typed here, with the code
 * a storefront maps.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { isPaylinkError } from "../paylink/errors"
import type { PaylinkErrorCode } from "../../storefront/error-codes"

/** The code of a refused request, and of a service the customer cannot use now (down, or its credentials refused). */
export type ServiceErrorCodes = {
  rejected: PaylinkErrorCode
  unavailable: PaylinkErrorCode
}

export const GATEWAY_ERROR_CODES: ServiceErrorCodes = {
  rejected: "paylink.gateway_rejected",
  unavailable: "paylink.gateway_unavailable",
}

export function toMedusaError(
  error: unknown,
  codes: ServiceErrorCodes = GATEWAY_ERROR_CODES
): MedusaError {
  if (error instanceof MedusaError) {
    return error
  }
  if (isPaylinkError(error)) {
    switch (error.kind) {
      case "invalid_request":
        return new MedusaError(
          MedusaError.Types.INVALID_DATA,
          error.message,
          codes.rejected
        )
      case "authentication":
      case "unavailable":
        // The customer can do nothing about either; the store's answer is a 500 with the reason.
        return new MedusaError(
          MedusaError.Types.UNEXPECTED_STATE,
          error.message,
          codes.unavailable
        )
    }
  }
  return new MedusaError(
    MedusaError.Types.UNEXPECTED_STATE,
    `Payment link failed: ${error instanceof Error ? error.message : String(error)}`,
    codes.unavailable
  )
}
