import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"
import type { Gateway } from "../../../types/paylink"

/**
 * The admin's Test, run at once after a save that changed something: its outcome is kept on the
 * gateway's card. An unreachable address is saved all the same (with the failed test shown);
 * a gateway without an address to test has no result.
 */
export const testGatewayStep = createStep("test-gateway", async (gateway: Gateway, { container }) => {
  return new StepResponse(await container.resolve<PaylinkModuleService>(PAYLINK_MODULE).checkGatewayQuietly(gateway))
})
