/**
 * Everything the return route does, as one workflow: verify the signed address, then a cancel
 * (the link becomes `canceled` if it was still open) or a paid return (the order, or the record in
 * `needs_attention`), then choose what the customer's browser gets. If anything fails after a
 * genuine success return, the guard's compensation hands the paid link to the merchant.
 */
import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import type { ReturnQuery } from "../../../lib/return/return-link"
import {
  verifyPaylinkReturnStep,
  type VerifiedReturn,
} from "../steps/verify-paylink-return"
import { guardPaidReturnStep } from "../steps/guard-paid-return"
import { chooseReturnAnswerStep } from "../steps/choose-return-answer"
import { completePaylinkReturnWorkflow } from "./complete-paylink-return"
import { cancelPaylinkReturnWorkflow } from "./cancel-paylink-return"

/** `lang`: the return request's language (es/en), for {locale} when the cart or order has none. */
export type HandlePaylinkReturnInput = {
  session_id: string
  query: ReturnQuery
  lang?: string
}

/** The return's claims, read inside a branch whose `when` checked them (a transform cannot see that). */
function claimsOf({ claims }: VerifiedReturn) {
  if (!claims) {
    throw new Error("paylink return: a branch for a verified return got none")
  }
  return claims
}

export const handlePaylinkReturnWorkflow = createWorkflow(
  "handle-paylink-return",
  (input: HandlePaylinkReturnInput) => {
    const verified = verifyPaylinkReturnStep(input)
    const canceled = when(
      "paylink-return-canceled",
      { verified },
      ({ verified }) => verified.claims?.outcome === "cancel"
    ).then(() =>
      cancelPaylinkReturnWorkflow.runAsStep({
        input: transform({ verified }, ({ verified }) => claimsOf(verified)),
      })
    )
    const completed = when(
      "paylink-return-paid",
      { verified },
      ({ verified }) => verified.claims?.outcome === "success"
    ).then(() => {
      const claims = transform({ verified }, ({ verified }) =>
        claimsOf(verified)
      )
      guardPaidReturnStep(claims)
      return completePaylinkReturnWorkflow.runAsStep({ input: claims })
    })
    const answer = chooseReturnAnswerStep(
      transform(
        { input, verified, canceled, completed },
        ({ input, verified, canceled, completed }) => ({
          problem: verified.problem,
          lang: input.lang ?? "en",
          canceled: canceled ?? null,
          completed: completed ?? null,
        })
      )
    )
    return new WorkflowResponse(answer)
  }
)
