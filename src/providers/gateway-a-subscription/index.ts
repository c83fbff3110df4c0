import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { paymentRegistrationCheck } from "../base/boot-loader"
import { GatewayASubscriptionProviderService } from "./service"

export default ModuleProvider(Modules.PAYMENT, {
  services: [GatewayASubscriptionProviderService],
  // At boot: the payment module must list the plugin's "paylink" module in its dependencies.
  loaders: [paymentRegistrationCheck(GatewayASubscriptionProviderService.label)],
})
