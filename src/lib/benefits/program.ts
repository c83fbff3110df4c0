/**
 * Calls to the benefits program with the stored token. A 401 means the token no longer holds: one
 * fresh setup, one retry, and a second 401 is the credentials' fault.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type BenefitsModuleService from "../../modules/benefits/service"
import type { SettingsRow } from "../../modules/benefits/service"
import { isPaylinkError } from "../paylink/errors"
import type { PaylinkClient } from "../paylink/client"
import { toMedusaError, type ServiceErrorCodes } from "../common/medusa-errors"

/** A refused discount is the card's refusal; anything else means the program cannot be used now. */
const PROGRAM_CODES: ServiceErrorCodes = {
  rejected: "benefits.card_rejected",
  unavailable: "benefits.program_unavailable",
}
import type { DiscountRequest, DiscountResponse } from "../paylink/schemas"

/** Exchanges the stored credentials for a token and stores it (endpoint 6, docs/service.md §4.6). */
export async function refreshProgramToken(
  benefits: BenefitsModuleService
): Promise<string> {
  const credentials = await benefits.credentials()
  const client = await benefits.programClient()
  try {
    const { token } = await client.setup(credentials)
    await benefits.storeToken(token)
    return token
  } catch (error) {
    throw toMedusaError(error, PROGRAM_CODES)
  }
}

/** Opened before anything is recorded: a missing address or credentials is not a call. */
export type ProgramSession = { client: PaylinkClient; token: string }

/** `row`: the settings row this apply already read, if any. */
export async function openProgramSession(
  benefits: BenefitsModuleService,
  row?: SettingsRow | null
): Promise<ProgramSession> {
  const client = await benefits.programClient(row)
  const token =
    (await benefits.token(row)) ?? (await refreshProgramToken(benefits))
  return { client, token }
}

/** `unknown`: the program may have authorized (no usable answer); `failed`: refused, or certainly never sent. */
export type DiscountOutcome =
  | { status: "authorized"; codes: DiscountResponse }
  | { status: "failed" | "unknown"; error: MedusaError }

/** Endpoint 5, at most twice: the second after a fresh setup when the token was refused (docs/service.md §3.4). */
export async function sendDiscount(
  benefits: BenefitsModuleService,
  session: ProgramSession,
  body: DiscountRequest
): Promise<DiscountOutcome> {
  try {
    return {
      status: "authorized",
      codes: await session.client.applyDiscount(session.token, body),
    }
  } catch (error) {
    if (!isPaylinkError(error) || error.kind !== "authentication") {
      return failure(error)
    }
  }
  let token: string
  try {
    token = await refreshProgramToken(benefits)
  } catch (error) {
    return failure(error)
  }
  try {
    return {
      status: "authorized",
      codes: await session.client.applyDiscount(token, body),
    }
  } catch (error) {
    if (isPaylinkError(error) && error.kind === "authentication") {
      return {
        status: "failed",
        error: new MedusaError(
          MedusaError.Types.UNEXPECTED_STATE,
          "The benefits program rejected the credentials (HTTP 401) even with a fresh token: check the benefits settings.",
          PROGRAM_CODES.unavailable
        ),
      }
    }
    return failure(error)
  }
}

function failure(error: unknown): DiscountOutcome {
  return {
    status: mayHaveAuthorized(error) ? "unknown" : "failed",
    error: toMedusaError(error, PROGRAM_CODES),
  }
}

export function mayHaveAuthorized(error: unknown): boolean {
  if (!isPaylinkError(error)) {
    // Not the client's own error: nothing tells us the request did not go out.
    return !(error instanceof MedusaError)
  }
  if (error.kind !== "unavailable") {
    // A 400 or 401 answer, or a request our own schema refused: no authorization.
    return false
  }
  if (error.status !== undefined) {
    // A success status with an unreadable body may hide an authorization; an error status does not.
    return error.status >= 200 && error.status < 300
  }
  // No answer at all: only a refused connection or an unknown host proves the request never left.
  const cause = String((error as { cause?: unknown }).cause ?? "")
  return !(
    cause.includes("connection refused") || cause.includes("host not found")
  )
}
