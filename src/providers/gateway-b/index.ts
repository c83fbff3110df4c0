import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { paymentRegistrationCheck } from "../base/boot-loader"
import { GatewayBProviderService } from "./service"

export default ModuleProvider(Modules.PAYMENT, {
  services: [GatewayBProviderService],
  loaders: [paymentRegistrationCheck(GatewayBProviderService.label)],
})
