/**
 * Errors of the plugin's store routes as a customer reads them: thrown with a stable code and a
 * developer's message; at the route's edge the message is logged and the answer is the code's
 * sentence in the customer's language (storefront/error-codes.ts). Admin routes answer the message.
 */
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import {
  isPaylinkErrorCode,
  renderPaylinkError,
  type PaylinkErrorCode,
  type PaylinkErrorParams,
} from "../../storefront/error-codes"
import { requestLanguage } from "./language"

export type { PaylinkErrorCode, PaylinkErrorParams }

/** An own property: the workflow engine serializes a step's error with its own properties. */
const PARAMS = "paylink_params"

type Thrown = {
  code?: unknown
  type?: unknown
  message?: unknown
  [PARAMS]?: PaylinkErrorParams
}

/** A refusal with the code a storefront maps; `detail` is for the log and the admin, never the customer. */
export function codedError(
  type: string,
  code: PaylinkErrorCode,
  detail: string,
  params?: PaylinkErrorParams
): MedusaError {
  const error = new MedusaError(type, detail, code)
  if (params) {
    ;(error as unknown as Thrown)[PARAMS] = params
  }
  return error
}

const MEDUSA_TYPES = new Set<string>(Object.values(MedusaError.Types))

/** Amounts in a customer's sentence: "Q 25,000.00", "US$ 15.00" (both languages write them so in Guatemala). */
export function customerAmount(cents: bigint, currency: string): string {
  const symbol =
    ({ GTQ: "Q", USD: "US$" } as Record<string, string>)[
      currency.toUpperCase()
    ] ?? currency.toUpperCase()
  const negative = cents < 0n
  const abs = negative ? -cents : cents
  const units = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",")
  return `${negative ? "-" : ""}${symbol} ${units}.${(abs % 100n).toString().padStart(2, "0")}`
}

/** The plugin's own code, else what Medusa's own refusals on these routes mean, else `paylink.unexpected`. */
export function storeCodeOf(error: unknown): {
  code: PaylinkErrorCode
  params: PaylinkErrorParams
} {
  const e = (error && typeof error === "object" ? error : {}) as Thrown
  if (isPaylinkErrorCode(e.code)) {
    return { code: e.code, params: e[PARAMS] ?? {} }
  }
  const message = typeof e.message === "string" ? e.message : ""
  if (e.code === MedusaError.Codes.INSUFFICIENT_INVENTORY) {
    return { code: "paylink.out_of_stock", params: {} }
  }
  // Medusa's validateCartStep: "Cart cart_… is already completed."
  if (/\bis already completed\b/.test(message)) {
    return { code: "paylink.cart_completed", params: {} }
  }
  // On these routes Medusa's own not-found is the cart (or its payment collection).
  if (e.type === MedusaError.Types.NOT_FOUND) {
    return { code: "paylink.cart_not_found", params: {} }
  }
  return { code: "paylink.unexpected", params: {} }
}

type StoreRequest = {
  method?: string
  path?: string
  headers?: Record<string, string | string[] | undefined>
  scope?: { resolve: (key: string) => unknown }
}

type Logger = { info: (msg: string) => void; warn: (msg: string) => void }

function loggerOf(req: StoreRequest): Logger | undefined {
  try {
    return req.scope?.resolve(ContainerRegistrationKeys.LOGGER) as
      Logger | undefined
  } catch {
    return undefined
  }
}

/** Medusa's locking module, when the cart's lock stayed taken past the wait (a plain Error). */
const LOCK_TIMEOUT = /Timed-out acquiring lock/

/** Same Medusa type (a plain Error becomes unexpected_state); a conflict is left to Medusa's own answer. */
export function toCustomerError(error: unknown, req: StoreRequest): unknown {
  const e = (error && typeof error === "object" ? error : {}) as Thrown
  if (e.type === MedusaError.Types.CONFLICT) {
    return error
  }
  // Many requests at once on one cart wait for its lock one after the other; one that waited too
  // long changed nothing and may simply be retried: a conflict (409), not a failure of ours (500).
  if (typeof e.message === "string" && LOCK_TIMEOUT.test(e.message)) {
    loggerOf(req)?.warn(
      `medusa-plugin-paylink: ${req.method ?? ""} ${req.path ?? ""} answered a conflict: ${e.message}`
    )
    return new MedusaError(MedusaError.Types.CONFLICT, e.message)
  }
  const { code, params } = storeCodeOf(error)
  const type =
    typeof e.type === "string" && MEDUSA_TYPES.has(e.type)
      ? e.type
      : MedusaError.Types.UNEXPECTED_STATE
  const detail = typeof e.message === "string" ? e.message : String(error)
  const server =
    type === MedusaError.Types.UNEXPECTED_STATE ||
    type === MedusaError.Types.DB_ERROR ||
    type === MedusaError.Types.INVALID_ARGUMENT
  const logger = loggerOf(req)
  const line = `medusa-plugin-paylink: ${req.method ?? ""} ${req.path ?? ""} answered ${code} (${type}): ${detail}`
  if (server) {
    logger?.warn(line)
  } else {
    logger?.info(line)
  }
  return new MedusaError(
    type,
    renderPaylinkError(code, requestLanguage(req), params),
    code
  )
}

export function storeRoute<Req extends StoreRequest, Res>(
  handler: (req: Req, res: Res) => Promise<unknown>
) {
  return async (req: Req, res: Res): Promise<void> => {
    try {
      await handler(req, res)
    } catch (error) {
      throw toCustomerError(error, req)
    }
  }
}
