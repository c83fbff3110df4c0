import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"
import type { GatewaySave } from "../../../modules/paylink/services/gateway-credentials"

/**
 * Writes the prepared save over the row it was checked against (a save racing it makes this one a
 * 400); undone, the row put back as it was, when a later step fails.
 */
export const writeGatewaySettingsStep = createStep(
  "write-gateway-settings",
  async (save: GatewaySave, { container }) => {
    const { createdId } = await container
      .resolve<PaylinkModuleService>(PAYLINK_MODULE)
      .writeGatewaySettings(save)
    return new StepResponse(true, { save, createdId })
  },
  async (undo, { container }) => {
    if (!undo) return
    await container
      .resolve<PaylinkModuleService>(PAYLINK_MODULE)
      .restoreGatewaySettings(undo.save, undo.createdId)
  }
)
