/**
 * Medusa's validateAndTransformBody/Query as the plugin's routes use them: Medusa's wording, with
 * what it quotes of the request cut short (so a huge value is neither answered nor logged). The
 * store variants answer a code and a sentence in the customer's language; Medusa's wording is logged.
 */
import {
  validateAndTransformBody as medusaValidateBody,
  validateAndTransformQuery as medusaValidateQuery,
  type MedusaNextFunction,
  type MedusaRequest,
  type MedusaResponse,
} from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { shortenEchoes } from "../../lib/common/echo"
import {
  codedError,
  toCustomerError,
  type PaylinkErrorCode,
} from "../../lib/common/store-errors"

type Middleware = (
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
) => unknown

function withShortEchoes(middleware: Middleware): Middleware {
  return (req, res, next) =>
    middleware(req, res, ((error?: unknown) => {
      if (error && MedusaError.isMedusaError(error)) {
        ;(error as MedusaError).message = shortenEchoes(
          (error as MedusaError).message
        )
      }
      next(error)
    }) as MedusaNextFunction)
}

export const validateAndTransformBody = (
  ...args: Parameters<typeof medusaValidateBody>
) => withShortEchoes(medusaValidateBody(...args) as unknown as Middleware)

export const validateAndTransformQuery = (
  ...args: Parameters<typeof medusaValidateQuery>
) => withShortEchoes(medusaValidateQuery(...args) as unknown as Middleware)

type Schema = Parameters<typeof medusaValidateBody>[0]
type Parsable = {
  safeParseAsync?: (value: unknown) => Promise<{
    success: boolean
    error?: { issues: { path: PropertyKey[] }[] }
  }>
}

/** The code of each field a customer fills in; any other refusal is `paylink.invalid_request`. */
export type FieldCodes = Record<string, PaylinkErrorCode>

function withCustomerErrors(
  middleware: Middleware,
  schema: Schema,
  fieldCodes: FieldCodes,
  part: "body" | "query"
): Middleware {
  return (req, res, next) =>
    middleware(req, res, (async (error?: unknown) => {
      if (
        !error ||
        !MedusaError.isMedusaError(error) ||
        (error as MedusaError).type !== MedusaError.Types.INVALID_DATA
      ) {
        return next(error as Error)
      }
      // Medusa's error keeps only its text: parse again for the field that failed first.
      const parsed =
        typeof schema === "function"
          ? undefined
          : await (schema as Parsable).safeParseAsync?.(req[part])
      const field = parsed?.error?.issues
        .map((i) => String(i.path[0]))
        .find((f) => fieldCodes[f])
      const coded = codedError(
        MedusaError.Types.INVALID_DATA,
        field ? fieldCodes[field] : "paylink.invalid_request",
        (error as MedusaError).message
      )
      next(toCustomerError(coded, req) as Error)
    }) as MedusaNextFunction)
}

export const validateStoreBody = (
  schema: Schema,
  fieldCodes: FieldCodes = {}
) =>
  withCustomerErrors(
    validateAndTransformBody(schema),
    schema,
    fieldCodes,
    "body"
  )

export const validateStoreQuery = (
  schema: Schema,
  config: Parameters<typeof medusaValidateQuery>[1],
  fieldCodes: FieldCodes = {}
) =>
  withCustomerErrors(
    validateAndTransformQuery(
      schema as Parameters<typeof medusaValidateQuery>[0],
      config
    ),
    schema,
    fieldCodes,
    "query"
  )
