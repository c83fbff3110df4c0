/**
 * At boot: warns when Medusa's local file provider would keep the uploaded gateway exports where
 * Medusa serves them to anyone (lib/boot/private-files-check). Read from the File module's registration
 * in the config module, as the app's medusa-config (or defineConfig's default) lists it.
 */
import type { LoaderOptions } from "@medusajs/framework/types"
import { configManager } from "@medusajs/framework/config"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { warnPrivateFilesServed } from "../../../lib/boot/private-files-check"

export default async function warnIfPrivateFilesServed({
  container,
  logger,
}: LoaderOptions) {
  const config = container.resolve<{ modules?: Record<string, any> }>(
    ContainerRegistrationKeys.CONFIG_MODULE,
    {
      allowUnregistered: true,
    }
  )
  // Medusa serves static/ of the folder it loaded the config from (its express loader).
  const appRoot = configManager.baseDir || process.cwd()
  warnPrivateFilesServed(config?.modules, { appRoot, logger })
}
