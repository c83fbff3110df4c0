/**
 * A boot warning: Medusa's local file provider keeps private files (here: the uploaded gateway
 * exports, with card digits) in the `static/` folder Medusa serves to anyone, unless its
 * `private_upload_dir` says otherwise (docs/install.md#the-file-modules-private-directory).
 */
import path from "node:path"
import type { Logger } from "@medusajs/framework/types"
import { warnAtBoot } from "./boot-check"

type Registration = { resolve?: unknown; options?: Record<string, unknown> }
type ModuleEntry =
  { resolve?: unknown; options?: { providers?: unknown } } | boolean | undefined

/** The folder Medusa serves at /static (its express loader): `static/` of the app's root. */
export const SERVED_FOLDER = "static"

const isFileModule = (key: string, entry: ModuleEntry) =>
  key === "file" ||
  (typeof entry === "object" &&
    typeof entry?.resolve === "string" &&
    /(^|\/)file$/.test(entry.resolve))

/** "@medusajs/medusa/file-local" (defineConfig's default) or "@medusajs/file-local". */
const isLocalProvider = (p: Registration) =>
  typeof p.resolve === "string" && /(^|\/)file-local$/.test(p.resolve)

const inside = (dir: string, folder: string) => {
  const relative = path.relative(folder, dir)
  return (
    relative === "" ||
    (relative !== ".." &&
      !relative.startsWith(`..${path.sep}`) &&
      !path.isAbsolute(relative))
  )
}

/** `cwd`: where the provider resolves a relative folder; `appRoot`: whose `static/` Medusa serves. */
export function privateFilesServedWarning(
  modules: Record<string, ModuleEntry> | undefined,
  { cwd, appRoot }: { cwd: string; appRoot: string }
): string | null {
  const served = path.resolve(appRoot, SERVED_FOLDER)
  for (const [key, entry] of Object.entries(modules ?? {})) {
    if (typeof entry !== "object" || !entry || !isFileModule(key, entry))
      continue
    const providers = Array.isArray(entry.options?.providers)
      ? (entry.options!.providers as Registration[])
      : []
    for (const provider of providers.filter(isLocalProvider)) {
      const configured = provider.options?.private_upload_dir
      const dir = path.resolve(
        cwd,
        typeof configured === "string" && configured
          ? configured
          : SERVED_FOLDER
      )
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

export function warnPrivateFilesServed(
  modules: Record<string, ModuleEntry> | undefined,
  {
    cwd = process.cwd(),
    appRoot = cwd,
    logger,
  }: { cwd?: string; appRoot?: string; logger?: Pick<Logger, "warn"> } = {}
) {
  const text = privateFilesServedWarning(modules, { cwd, appRoot })
  if (text) warnAtBoot(text, logger)
}
