import type { LoaderOptions } from "@medusajs/framework/types"
import { checkAtBoot, rememberBootLogger } from "./boot-check"
import { parsePluginOptions } from "./plugin-options"

/**
 * Fails the boot on bad plugin options instead of on the first customer return. Both of the
 * plugin's modules run it; the message is printed once, without a stack trace.
 */
export default async function validateOptions({
  options,
  logger,
}: LoaderOptions) {
  rememberBootLogger(logger)
  checkAtBoot(() => parsePluginOptions(options), { logger })
}
