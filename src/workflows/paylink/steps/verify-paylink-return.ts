import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"
import type {
  ReturnLinkProblem,
  ReturnQuery,
} from "../../../lib/return/return-link"
import type { ReturnClaimsInput } from "./resolve-paylink-return"

export type VerifiedReturn = {
  problem: ReturnLinkProblem | null
  claims: ReturnClaimsInput | null
}

/**
 * A bad link is an answer (the page says so), not an error. A genuine success link past its expiry
 * is still evidence of a payment: it goes on, marked `expired`, so the merchant is told.
 */
export const verifyPaylinkReturnStep = createStep(
  "verify-paylink-return",
  async (
    { session_id, query }: { session_id: string; query: ReturnQuery },
    { container }
  ) => {
    const verified = container
      .resolve<PaylinkModuleService>(PAYLINK_MODULE)
      .verifyReturnLink({ ...query, session: session_id })
    const late =
      !verified.ok &&
      verified.problem === "expired" &&
      verified.claims.outcome === "success"
    if (!verified.ok && !late) {
      return new StepResponse<VerifiedReturn>({
        problem: verified.problem,
        claims: null,
      })
    }
    const { claims } = verified as {
      claims: {
        session: string
        cents: bigint
        currency: string
        outcome: "success" | "cancel"
      }
    }
    return new StepResponse<VerifiedReturn>({
      problem: null,
      claims: {
        session: claims.session,
        cents: claims.cents.toString(),
        currency: claims.currency,
        outcome: claims.outcome,
        expired: late,
      },
    })
  }
)
