import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { paymentRegistrationCheck } from "../base/boot-loader"
import { GatewayCProviderService } from "./service"

export default ModuleProvider(Modules.PAYMENT, {
  services: [GatewayCProviderService],
  // At boot: the payment module must list the plugin's "paylink" module in its dependencies.
  loaders: [paymentRegistrationCheck(GatewayCProviderService.label)],
})
