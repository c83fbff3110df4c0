/**
 * The admin's Test token of a gateway: one real unpaid link of its minimum amount, made with the
 * token at each address its checkouts go to; the outcome and the link are kept on the gateway's row.
 */
import {
  createStep,
  createWorkflow,
  StepResponse,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"

export type CheckPaylinkGatewayInput = {
  gateway: string
  /** The billing e-mail the gateway requires: the admin running the test. */
  email: string
  language: "es" | "en"
}

/** Nothing to undo: a test's outcome is not a save, and a link made cannot be unmade (it stays unpaid). */
export const checkPaylinkGatewayStep = createStep(
  "check-paylink-gateway",
  async (
    { gateway, email, language }: CheckPaylinkGatewayInput,
    { container }
  ) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    return new StepResponse(
      await paylink.checkGateway(gateway, { email, language })
    )
  }
)

export const checkPaylinkGatewayWorkflow = createWorkflow(
  "check-paylink-gateway",
  (input: CheckPaylinkGatewayInput) => {
    return new WorkflowResponse(checkPaylinkGatewayStep(input))
  }
)
