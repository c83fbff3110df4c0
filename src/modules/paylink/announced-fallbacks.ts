/**
 * What each gateway provider's options say (address, path segment, the token's last 4: never the
 * token itself), told
 * when Medusa loads the provider at boot (its static `validateOptions`). Medusa constructs a
 * payment provider lazily, on its first use, so without this the admin's view and "Test" would
 * know a gateway's provider options only after a first checkout on it.
 *
 * Process-wide, on globalThis: the providers and the paylink module are loaded by different
 * loaders (a provider through Medusa's dynamic import of "<plugin>/providers/<name>"), and a
 * registry kept in one module instance could be missed by a second copy of this file.
 */
import type { Gateway } from "../../types/paylink"
import type { RegisteredFallback } from "./gateway-settings"

export type AnnouncedFallback = { gateway: Gateway; fallback: RegisteredFallback }

const KEY = Symbol.for("medusa-plugin-paylink.announced-gateway-fallbacks")

function registry(): AnnouncedFallback[] {
  const holder = globalThis as { [KEY]?: AnnouncedFallback[] }
  return (holder[KEY] ??= [])
}

export function announceFallback(entry: AnnouncedFallback): void {
  registry().push(entry)
}

export function announcedFallbacks(): readonly AnnouncedFallback[] {
  return registry()
}
