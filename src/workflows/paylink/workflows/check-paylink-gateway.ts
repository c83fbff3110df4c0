/**
 * The admin's "check" of a gateway: its checkout endpoint called without a token at each address its
 * checkouts go to; the outcome is kept on the gateway's row. Creates no charge.
 */
import {
  createStep,
  createWorkflow,
  StepResponse,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"

/** Nothing to undo: a check's outcome is not a save, and the last one stands. */
export const checkPaylinkGatewayStep = createStep(
  "check-paylink-gateway",
  async ({ gateway }: { gateway: string }, { container }) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    return new StepResponse(await paylink.checkGateway(gateway))
  }
)

export const checkPaylinkGatewayWorkflow = createWorkflow(
  "check-paylink-gateway",
  (input: { gateway: string }) => {
    return new WorkflowResponse(checkPaylinkGatewayStep(input))
  }
)
