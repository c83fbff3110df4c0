/**
 * Runs a workflow from inside a step (or a hook handler, which is a step) as that step's child,
 * the way `runAsStep` does: the child's lock steps are skipped, because the parent already holds
 * the cart's lock (a top-level run would wait for that lock and time out), and its events are
 * released with the parent's. Used where the step must act on the child's failure (to explain it)
 * or where a hook handler must change the cart inside the workflow that holds its lock.
 */
import type { ReturnWorkflow, StepExecutionContext } from "@medusajs/framework/workflows-sdk"

/** What compensation needs to undo a child run. */
export type ChildRun = { transaction_id: string; transaction: unknown }

type Workflow<I, O> = ReturnWorkflow<I, O, any[]>

function childContext(workflow: Workflow<any, any>, step: StepExecutionContext) {
  return {
    ...(step.context ?? {}),
    transactionId: `${workflow.getName()}-as-child-${step.transactionId ?? step.idempotencyKey}`,
    parentStepIdempotencyKey: step.idempotencyKey,
    preventReleaseEvents: true,
    runId: step.runId,
  }
}

/** Runs the child; throws its first error after the child has undone its own steps. */
export async function runChildWorkflow<I, O>(
  workflow: Workflow<I, O>,
  input: I,
  step: StepExecutionContext
): Promise<{ result: O; child: ChildRun }> {
  const context = childContext(workflow, step)
  const { result, transaction } = await workflow(step.container).run({ input: input as any, context })
  return { result: result as O, child: { transaction_id: context.transactionId, transaction } }
}

/** Undoes a child that completed (compensation of the step that ran it). */
export async function cancelChildWorkflow(workflow: Workflow<any, any>, child: ChildRun, step: StepExecutionContext) {
  await workflow(step.container).cancel({
    transaction: child.transaction as any,
    transactionId: child.transaction_id,
    context: { ...childContext(workflow, step), transactionId: child.transaction_id, cancelingFromParentStep: true },
  })
}
