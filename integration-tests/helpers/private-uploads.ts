/**
 * Where the test app's File module (Medusa's local provider, PRIVATE_UPLOAD_DIR of medusa-config.ts)
 * keeps private files: a folder of the app's own, outside the `static/` folder Medusa serves at /static.
 */
import fs from "node:fs"
import path from "node:path"

export const PRIVATE_UPLOADS_DIR = path.join(process.cwd(), "private-uploads")
/** The folder Medusa serves to anyone at /static (and the local provider's default for private files). */
export const SERVED_STATIC_DIR = path.join(process.cwd(), "static")

const exportsIn = (dir: string) =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir).filter((f) => f.includes("paylink-reconciliation-"))
    : []

/** The gateway exports the upload route stored, by file key. */
export const storedUploads = () => exportsIn(PRIVATE_UPLOADS_DIR)

/** Gateway exports found in the served folder: none once private files are kept apart. */
export const servedUploads = () => exportsIn(SERVED_STATIC_DIR)
