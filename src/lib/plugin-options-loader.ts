import type { LoaderOptions } from "@medusajs/framework/types"
import { parsePluginOptions } from "./plugin-options"

/** Fails the boot on bad plugin options instead of on the first customer return. */
export default async function validateOptions({ options }: LoaderOptions) {
  parsePluginOptions(options)
}
