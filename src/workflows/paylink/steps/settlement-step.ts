/**
 * A settlement step: it acts only when the settlement's `next` names it, and passes any other
 * state on unchanged, so both settlement lines can run every step in order.
 */
import {
  createStep,
  StepResponse,
  type StepExecutionContext,
} from "@medusajs/framework/workflows-sdk"
import type { Settling } from "../../../lib/settlement/next"

export function settlementStep<N extends Settling["next"]>(
  id: string,
  next: N,
  act: (
    s: Settling & { next: N },
    context: StepExecutionContext
  ) => Promise<Settling>
) {
  return createStep(
    id,
    async (s: Settling, context) =>
      new StepResponse<Settling>(
        s.next === next ? await act(s as Settling & { next: N }, context) : s
      )
  )
}
