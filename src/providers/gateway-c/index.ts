import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { GatewayCProviderService } from "./service"

export default ModuleProvider(Modules.PAYMENT, { services: [GatewayCProviderService] })
