import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"

/**
 * The plugin option `gatewayTextLanguage`, or null when unset (then the cart's or order's locale,
 * else its currency, decides: lib/common/gateway-text.ts). Read in the workflow, so any caller of
 * it writes the gateway's text in the store's language. No database read.
 */
export const readGatewayTextLanguageStep = createStep(
  "read-paylink-gateway-text-language",
  async (_: void, { container }) => {
    const options = container
      .resolve<PaylinkModuleService>(PAYLINK_MODULE)
      .getPluginOptions()
    return new StepResponse(options.gatewayTextLanguage ?? null)
  }
)
