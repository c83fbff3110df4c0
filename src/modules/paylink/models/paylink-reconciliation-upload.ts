import { model } from "@medusajs/framework/utils"

/**
 * An export the upload route stored in the File module, recorded because the File module cannot
 * list files by name: an upload never turned into a reconciliation (the merchant closed the
 * mapping step, or uploaded the wrong file and again) is found here and deleted by
 * jobs/delete-orphan-paylink-uploads.ts once it is old enough.
 */
const PaylinkReconciliationUpload = model
  .define("paylink_reconciliation_upload", {
    id: model.id({ prefix: "plrcu" }).primaryKey(),
    /** The File module's key (random: it names no person and no payment). */
    file_key: model.text(),
    /** The gateway's path key it was uploaded for. */
    gateway: model.text(),
    /** 0 until the whole file is stored (recorded before its first byte, so a crash mid-upload leaves a record). */
    file_size: model.number(),
    /** Null until the whole file is stored and hashed. */
    file_sha256: model.text().nullable(),
    created_by: model.text().nullable(),
    /** Set when a reconciliation is created from it (cleared again if that creation fails): never deleted then. */
    used_at: model.dateTime().nullable(),
    /** When a cleanup run took it for deletion (compare-and-set): a reconciliation can no longer be created from it. */
    claimed_at: model.dateTime().nullable(),
  })
  .indexes([
    { on: ["file_key"], unique: true, where: "deleted_at IS NULL" },
    { on: ["created_at"] },
  ])

export default PaylinkReconciliationUpload
