/**
 * Medusa's validateAndTransformBody and validateAndTransformQuery, as the plugin's routes use
 * them: a refusal keeps Medusa's wording, but what it quotes of the request ("got: '…'",
 * "Unrecognized fields: '…'") is cut to a few dozen characters (lib/echo), so a 5,000-character
 * value is neither repeated in the answer nor written whole to the log.
 */
import {
  validateAndTransformBody as medusaValidateBody,
  validateAndTransformQuery as medusaValidateQuery,
  type MedusaNextFunction,
  type MedusaRequest,
  type MedusaResponse,
} from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { shortenEchoes } from "../../lib/echo"

type Middleware = (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => unknown

function withShortEchoes(middleware: Middleware): Middleware {
  return (req, res, next) =>
    middleware(req, res, ((error?: unknown) => {
      if (error && MedusaError.isMedusaError(error)) {
        ;(error as MedusaError).message = shortenEchoes((error as MedusaError).message)
      }
      next(error)
    }) as MedusaNextFunction)
}

export const validateAndTransformBody = (...args: Parameters<typeof medusaValidateBody>) =>
  withShortEchoes(medusaValidateBody(...args) as unknown as Middleware)

export const validateAndTransformQuery = (...args: Parameters<typeof medusaValidateQuery>) =>
  withShortEchoes(medusaValidateQuery(...args) as unknown as Middleware)
