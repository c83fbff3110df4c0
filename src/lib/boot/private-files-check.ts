/**
 * Reconciliation stores each uploaded gateway export (card last 4, authorization codes) as a
 * private file of Medusa's File module. Medusa's local file provider keeps private files in the
 * app's `static/` folder unless told otherwise (its `private_upload_dir`), and Medusa serves that
 * folder to anyone at /static: every export could be downloaded without logging in by whoever
 * learns its key. Warned at boot, once, naming the option and where it goes; not an error, since a
 * development store may not care and the server works either way.
 */
import path from "node:path"
import type { Logger } from "@medusajs/framework/types"
import { warnAtBoot } from "./boot-check"

type Registration = { resolve?: unknown; options?: Record<string, unknown> }
type ModuleEntry = { resolve?: unknown; options?: { providers?: unknown } } | boolean | undefined

/** The folder Medusa serves at /static (its express loader): `static/` of the app's root. */
export const SERVED_FOLDER = "static"

const isFileModule = (key: string, entry: ModuleEntry) =>
  key === "file" || (typeof entry === "object" && typeof entry?.resolve === "string" && /(^|\/)file$/.test(entry.resolve))

/** "@medusajs/medusa/file-local" (what defineConfig registers by default) or "@medusajs/file-local". */
const isLocalProvider = (p: Registration) => typeof p.resolve === "string" && /(^|\/)file-local$/.test(p.resolve)

const inside = (dir: string, folder: string) => {
  const relative = path.relative(folder, dir)
  return relative === "" || (relative !== ".." && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative))
}

/**
 * The warning's text when a local file provider of the File module keeps private files inside the
 * served folder (its default: `<cwd>/static`); else null. `cwd` is where the provider resolves a
 * relative folder (the process's), `appRoot` the folder whose `static/` Medusa serves.
 */
export function privateFilesServedWarning(
  modules: Record<string, ModuleEntry> | undefined,
  { cwd, appRoot }: { cwd: string; appRoot: string }
): string | null {
  const served = path.resolve(appRoot, SERVED_FOLDER)
  for (const [key, entry] of Object.entries(modules ?? {})) {
    if (typeof entry !== "object" || !entry || !isFileModule(key, entry)) continue
    const providers = Array.isArray(entry.options?.providers) ? (entry.options!.providers as Registration[]) : []
    for (const provider of providers.filter(isLocalProvider)) {
      const configured = provider.options?.private_upload_dir
      const dir = path.resolve(cwd, typeof configured === "string" && configured ? configured : SERVED_FOLDER)
      if (!inside(dir, served)) continue
      const shown = path.relative(appRoot, dir) || "."
      return (
        `medusa-plugin-paylink: Medusa's local file provider keeps private files in ${shown}/, which Medusa serves to anyone at /static: ` +
        `the gateway exports uploaded to reconcile payments (card last 4, authorization codes) can be downloaded without logging in. ` +
        `Set private_upload_dir to a folder outside ${SERVED_FOLDER}/ (e.g. "private-uploads") in the options of the ` +
        `@medusajs/medusa/file-local provider in medusa-config (modules -> @medusajs/medusa/file -> providers), or use a private storage provider such as S3.`
      )
    }
  }
  return null
}

/** Warns once when the app's configuration keeps private files where Medusa serves them. */
export function warnPrivateFilesServed(
  modules: Record<string, ModuleEntry> | undefined,
  { cwd = process.cwd(), appRoot = cwd, logger }: { cwd?: string; appRoot?: string; logger?: Pick<Logger, "warn"> } = {}
) {
  const text = privateFilesServedWarning(modules, { cwd, appRoot })
  if (text) warnAtBoot(text, logger)
}
