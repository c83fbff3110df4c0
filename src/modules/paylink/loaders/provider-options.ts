/**
 * At boot: the plugin options for the module's internal services, and each gateway provider
 * registration's options (never the token) read from the payment module's registrations, so the
 * admin's view and Test show them before any provider is first used.
 */
import type { LoaderOptions } from "@medusajs/framework/types"
import { asValue } from "@medusajs/framework/awilix"
import {
  ContainerRegistrationKeys,
  dynamicImport,
  Modules,
} from "@medusajs/framework/utils"
import { parsePluginOptions } from "../../../lib/boot/plugin-options"
import { isGateway } from "../utils/gateway-settings"
import { fallbackOf } from "../../../providers/base/gateway-config"
import type { BaseProviderOptions } from "../../../providers/base/options"
import type { GatewayCredentialService } from "../services/gateway-credentials"

type Registration = { resolve?: unknown; options?: Record<string, unknown> }
type ModuleEntry =
  | { resolve?: unknown; options?: { providers?: Registration[] } }
  | boolean
  | undefined
type ProviderClass = {
  identifier?: unknown
  optionsSchema?: {
    safeParse(v: unknown): { success: boolean; data?: unknown }
  }
}

/** The payment module's provider registrations, as medusa-config lists them. */
function paymentRegistrations(
  modules: Record<string, ModuleEntry> | undefined
): Registration[] {
  return Object.entries(modules ?? {}).flatMap(([key, entry]) => {
    if (typeof entry !== "object" || !entry) return []
    const isPayment =
      key === Modules.PAYMENT ||
      (typeof entry.resolve === "string" && entry.resolve.endsWith("/payment"))
    return isPayment && Array.isArray(entry.options?.providers)
      ? entry.options!.providers!
      : []
  })
}

/** The provider classes a registration loads, resolved as Medusa resolves them (from the app's root). */
async function providerClasses(resolve: unknown): Promise<ProviderClass[]> {
  const exported =
    typeof resolve === "string"
      ? await dynamicImport(
          require.resolve(resolve, { paths: [process.cwd()] })
        )
      : resolve
  const provider = (exported as { default?: unknown })?.default ?? exported
  const services = (provider as { services?: unknown })?.services
  return Array.isArray(services) ? services : []
}

export default async function readProviderOptions({
  container,
  options,
}: LoaderOptions) {
  container.register("paylinkOptions", asValue(parsePluginOptions(options)))
  const config = container.resolve<{ modules?: Record<string, ModuleEntry> }>(
    ContainerRegistrationKeys.CONFIG_MODULE,
    {
      allowUnregistered: true,
    }
  )
  const credentials = container.resolve<GatewayCredentialService>(
    "gatewayCredentialService"
  )
  for (const registration of paymentRegistrations(config?.modules)) {
    // A registration that cannot be read here is the payment module's to report, at its own load.
    const classes = await providerClasses(registration.resolve).catch(() => [])
    for (const cls of classes) {
      const id = typeof cls.identifier === "string" ? cls.identifier : ""
      const gateway = id.replace(/^paylink-/, "").replace(/-/g, "_")
      const parsed =
        id.startsWith("paylink-") && isGateway(gateway)
          ? cls.optionsSchema?.safeParse(registration.options ?? {})
          : undefined
      if (parsed?.success && isGateway(gateway)) {
        credentials.rememberFallback(
          gateway,
          fallbackOf(parsed.data as BaseProviderOptions)
        )
      }
    }
  }
}
