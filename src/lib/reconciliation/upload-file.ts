/** The stored upload's limits and name, shared by the upload route and the create workflow. */
import { randomBytes } from "node:crypto"

export { HEAD_BYTES } from "./"

/** The largest export accepted: a year of a busy store's payments is a few MiB. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024

/** Never from the merchant's file name, so the key cannot point outside the File module's folder. */
export function uploadFileName(gateway: string): string {
  return `paylink-reconciliation-${gateway}-${randomBytes(16).toString("hex")}.csv`
}

/** Whether `key` was made by the upload for `gateway` (whatever prefix the provider adds; no path tricks). */
export function isUploadKeyOf(key: string, gateway: string): boolean {
  return (
    !key.includes("..") &&
    !key.includes("\\") &&
    new RegExp(`paylink-reconciliation-${gateway}-[0-9a-f]{32}\\.csv$`).test(
      key
    )
  )
}
