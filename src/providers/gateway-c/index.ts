import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { paymentRegistrationCheck } from "../base/boot-loader"
import { GatewayCProviderService } from "./service"

export default ModuleProvider(Modules.PAYMENT, {
  services: [GatewayCProviderService],
  loaders: [paymentRegistrationCheck(GatewayCProviderService.label)],
})
