import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { paymentRegistrationCheck } from "../base/boot-loader"
import { GatewayBProviderService } from "./service"

export default ModuleProvider(Modules.PAYMENT, {
  services: [GatewayBProviderService],
  // At boot: the payment module must list the plugin's "paylink" module in its dependencies.
  loaders: [paymentRegistrationCheck(GatewayBProviderService.label)],
})
