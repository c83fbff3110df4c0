import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { paymentRegistrationCheck } from "../base/boot-loader"
import { GatewayAProviderService } from "./service"

export default ModuleProvider(Modules.PAYMENT, {
  services: [GatewayAProviderService],
  loaders: [paymentRegistrationCheck(GatewayAProviderService.label)],
})
