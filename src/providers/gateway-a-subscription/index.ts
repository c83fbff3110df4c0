import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { GatewayASubscriptionProviderService } from "./service"

export default ModuleProvider(Modules.PAYMENT, { services: [GatewayASubscriptionProviderService] })
