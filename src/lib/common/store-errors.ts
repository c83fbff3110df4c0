/**
 * Errors of the plugin's store routes as a customer reads them. A refusal is thrown where it is
 * found with a stable code (MedusaError's third argument, the `code` of Medusa's error body) and a
 * developer's message; at the store route's edge `toCustomerError` keeps the code and Medusa's
 * type, writes the developer's message to the log, and answers the code's sentence in the
 * customer's language instead (src/storefront/error-codes.ts holds the sentences, README section 9
 * the table). Admin routes answer the developer's message as before, with the code beside it.
 */
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { isPaylinkErrorCode, renderPaylinkError, type PaylinkErrorCode, type PaylinkErrorParams } from "../../storefront/error-codes"
import { requestLanguage } from "./language"

export type { PaylinkErrorCode, PaylinkErrorParams }

/**
 * The figures of the customer's sentence ride on the error under this own property: the workflow
 * engine serializes a step's error with its own properties, so they reach the route with the code.
 */
const PARAMS = "paylink_params"

type Thrown = { code?: unknown; type?: unknown; message?: unknown; [PARAMS]?: PaylinkErrorParams }

/** A refusal with the code a storefront maps; `detail` is for the log and the admin, never the customer. */
export function codedError(type: string, code: PaylinkErrorCode, detail: string, params?: PaylinkErrorParams): MedusaError {
  const error = new MedusaError(type, detail, code)
  if (params) {
    ;(error as unknown as Thrown)[PARAMS] = params
  }
  return error
}

const MEDUSA_TYPES = new Set<string>(Object.values(MedusaError.Types))

/** Amounts in a customer's sentence: "Q 25,000.00", "US$ 15.00" (both languages write them so in Guatemala). */
export function customerAmount(cents: bigint, currency: string): string {
  const symbol = ({ GTQ: "Q", USD: "US$" } as Record<string, string>)[currency.toUpperCase()] ?? currency.toUpperCase()
  const negative = cents < 0n
  const abs = negative ? -cents : cents
  const units = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",")
  return `${negative ? "-" : ""}${symbol} ${units}.${(abs % 100n).toString().padStart(2, "0")}`
}

/**
 * The code of anything a store route may throw: the plugin's own code when it set one; else what
 * Medusa's own refusals on these routes mean (its cart checks, inventory, a record not found);
 * else `paylink.unexpected`.
 */
export function storeCodeOf(error: unknown): { code: PaylinkErrorCode; params: PaylinkErrorParams } {
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

/**
 * The error a store route answers: same Medusa type (a plain Error becomes unexpected_state), the
 * code, and the code's sentence in the request's language. The developer's message goes to the
 * log. A conflict is left to Medusa, which answers its own code and message for it.
 */
export function toCustomerError(error: unknown, req: StoreRequest): unknown {
  const e = (error && typeof error === "object" ? error : {}) as Thrown
  if (e.type === MedusaError.Types.CONFLICT) {
    return error
  }
  const { code, params } = storeCodeOf(error)
  const type = typeof e.type === "string" && MEDUSA_TYPES.has(e.type) ? e.type : MedusaError.Types.UNEXPECTED_STATE
  const detail = typeof e.message === "string" ? e.message : String(error)
  const server = type === MedusaError.Types.UNEXPECTED_STATE || type === MedusaError.Types.DB_ERROR || type === MedusaError.Types.INVALID_ARGUMENT
  let logger: Logger | undefined
  try {
    logger = req.scope?.resolve(ContainerRegistrationKeys.LOGGER) as Logger | undefined
  } catch {
    logger = undefined
  }
  const line = `medusa-plugin-paylink: ${req.method ?? ""} ${req.path ?? ""} answered ${code} (${type}): ${detail}`
  if (server) {
    logger?.warn(line)
  } else {
    logger?.info(line)
  }
  return new MedusaError(type, renderPaylinkError(code, requestLanguage(req), params), code)
}

/** A store route handler whose errors answer as toCustomerError says. */
export function storeRoute<Req extends StoreRequest, Res>(handler: (req: Req, res: Res) => Promise<unknown>) {
  return async (req: Req, res: Res): Promise<void> => {
    try {
      await handler(req, res)
    } catch (error) {
      throw toCustomerError(error, req)
    }
  }
}
