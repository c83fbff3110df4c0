import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"
import type { GatewaySettingsInput } from "../../../modules/paylink/utils/gateway-settings"

export type PrepareGatewaySaveInput = {
  gateway: string
  settings: GatewaySettingsInput
}

/** Checks a save against the row as it is now and seals the token: nothing after it sees the token in clear. */
export const prepareGatewaySaveStep = createStep(
  "prepare-gateway-save",
  async (input: PrepareGatewaySaveInput, { container }) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    return new StepResponse(
      await paylink.prepareGatewaySave(input.gateway, input.settings)
    )
  }
)
