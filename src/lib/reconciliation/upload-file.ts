/**
 * The stored upload's limits and name, shared by the upload route, which writes it, and
 * the create workflow, which reads it again.
 */
import { randomBytes } from "node:crypto"

/** The bytes kept for the dialect and the preview: what sniffDialect reads. */
export { HEAD_BYTES } from "./"

/** The largest export accepted: a year of a busy store's payments is a few MiB. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024

/**
 * The stored file's name: made here, never from the merchant's (which only names the download), so
 * the key cannot point outside the File module's folder; the gateway and a random token let the
 * create route tell a key the upload made from any other.
 */
export function uploadFileName(gateway: string): string {
  return `paylink-reconciliation-${gateway}-${randomBytes(16).toString("hex")}.csv`
}

/** Whether `key` was made by the upload for `gateway` (whatever prefix the provider adds; no path tricks). */
export function isUploadKeyOf(key: string, gateway: string): boolean {
  return !key.includes("..") && !key.includes("\\") && new RegExp(`paylink-reconciliation-${gateway}-[0-9a-f]{32}\\.csv$`).test(key)
}
