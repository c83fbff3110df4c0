/**
 * The admin's "check" of a gateway: its checkout endpoint is called without a token at each
 * address its checkouts go to (the answer says what each one did), and the outcome is kept on the
 * gateway's row for its card (last_check_ok, last_check_at). Creates no charge.
 */
import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"

/** Nothing to undo: keeping a check's outcome is not a save (no version bump), and the last one stands. */
export const checkPaylinkGatewayStep = createStep("check-paylink-gateway", async ({ gateway }: { gateway: string }, { container }) => {
  const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  return new StepResponse(await paylink.checkGateway(gateway))
})

export const checkPaylinkGatewayWorkflow = createWorkflow("check-paylink-gateway", (input: { gateway: string }) => {
  return new WorkflowResponse(checkPaylinkGatewayStep(input))
})
