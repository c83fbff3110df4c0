import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { paymentRegistrationCheck } from "../base/boot-loader"
import { GatewayASubscriptionProviderService } from "./service"

export default ModuleProvider(Modules.PAYMENT, {
  services: [GatewayASubscriptionProviderService],
  loaders: [
    paymentRegistrationCheck(GatewayASubscriptionProviderService.label),
  ],
})
