import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { GatewayBProviderService } from "./service"

export default ModuleProvider(Modules.PAYMENT, { services: [GatewayBProviderService] })
