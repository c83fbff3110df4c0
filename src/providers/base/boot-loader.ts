/**
 * The providers' boot check (a module provider loader, run inside the payment module's container):
 * the providers need the plugin's `paylink` module, which that container holds only when the payment
 * module lists it in `dependencies`. Without it the mistake would show at the first checkout.
 */
import type { LoaderOptions } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { checkAtBoot, rememberBootLogger } from "../../lib/boot/boot-check"
import { PAYMENT_DEPENDENCY_FIX, PLUGIN_REGISTRATION_FIX } from "./contract"

type Registrations = {
  hasRegistration(name: string): boolean
  resolve<T = unknown>(name: string): T
}
type ConfigModuleLike = { modules?: Record<string, unknown> }

/** What is wrong with where the providers were registered, or null. */
export function paymentRegistrationProblem(
  container: Registrations,
  label: string
): string | null {
  const config = container.hasRegistration(
    ContainerRegistrationKeys.CONFIG_MODULE
  )
    ? container.resolve<ConfigModuleLike>(
        ContainerRegistrationKeys.CONFIG_MODULE
      )
    : undefined
  const paylinkModule = config?.modules?.paylink as
    { disable?: boolean } | false | undefined
  if (config?.modules && (!paylinkModule || paylinkModule.disable === true)) {
    return `the ${label} payment provider is registered but the plugin is not (no "paylink" module). Fix: ${PLUGIN_REGISTRATION_FIX}`
  }
  if (!container.hasRegistration("paylink")) {
    // The same text from every registration, so it is printed once.
    return `its payment providers cannot reach the plugin's paylink module: the @medusajs/medusa/payment module has no dependencies: ["paylink"]. Fix: ${PAYMENT_DEPENDENCY_FIX}`
  }
  return null
}

/** A module provider loader for the provider class with this label. */
export function paymentRegistrationCheck(label: string) {
  return async function checkPaymentRegistration({
    container,
    logger,
  }: LoaderOptions) {
    rememberBootLogger(logger)
    checkAtBoot(
      () => {
        const problem = paymentRegistrationProblem(
          container as unknown as Registrations,
          label
        )
        if (problem) {
          throw new Error(problem)
        }
      },
      { logger }
    )
  }
}
