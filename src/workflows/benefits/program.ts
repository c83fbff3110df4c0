/**
 * Calls to the benefits program with the stored token. A 401 means the token no longer holds: one
 * fresh setup, one retry, and a second 401 is the credentials' fault.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type BenefitsModuleService from "../../modules/benefits/service"
import { isPaylinkError } from "../../lib/paylink/errors"
import { toMedusaError } from "../../lib/medusa-errors"
import type { DiscountRequest, DiscountResponse } from "../../lib/paylink/schemas"

/** Exchanges the stored credentials for a token and stores it (endpoint 6). */
export async function refreshProgramToken(benefits: BenefitsModuleService): Promise<string> {
  const credentials = await benefits.credentials()
  const client = await benefits.programClient()
  try {
    const { token } = await client.setup(credentials)
    await benefits.storeToken(token)
    return token
  } catch (error) {
    throw toMedusaError(error)
  }
}

export async function requestDiscount(
  benefits: BenefitsModuleService,
  body: DiscountRequest
): Promise<DiscountResponse> {
  const client = await benefits.programClient()
  let token = (await benefits.token()) ?? (await refreshProgramToken(benefits))
  try {
    return await client.applyDiscount(token, body)
  } catch (error) {
    if (!isPaylinkError(error) || error.kind !== "authentication") {
      throw toMedusaError(error)
    }
  }
  token = await refreshProgramToken(benefits)
  try {
    return await client.applyDiscount(token, body)
  } catch (error) {
    if (isPaylinkError(error) && error.kind === "authentication") {
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        "The benefits program rejected the credentials (HTTP 401) even with a fresh token: check the benefits settings."
      )
    }
    throw toMedusaError(error)
  }
}
