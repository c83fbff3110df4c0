import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"
import type { Gateway } from "../../../types/paylink"

/** The address test after a save that changed something (no token sent, nothing created: it never proves the token); an unreachable address is saved all the same. */
export const testGatewayStep = createStep(
  "test-gateway",
  async (gateway: Gateway, { container }) => {
    return new StepResponse(
      await container
        .resolve<PaylinkModuleService>(PAYLINK_MODULE)
        .checkGatewayQuietly(gateway)
    )
  }
)
