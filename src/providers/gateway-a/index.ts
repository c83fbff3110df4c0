import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { paymentRegistrationCheck } from "../base/boot-loader"
import { GatewayAProviderService } from "./service"

export default ModuleProvider(Modules.PAYMENT, {
  services: [GatewayAProviderService],
  // At boot: the payment module must list the plugin's "paylink" module in its dependencies.
  loaders: [paymentRegistrationCheck(GatewayAProviderService.label)],
})
