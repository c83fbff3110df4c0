import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { GatewayAProviderService } from "./service"

export default ModuleProvider(Modules.PAYMENT, { services: [GatewayAProviderService] })
