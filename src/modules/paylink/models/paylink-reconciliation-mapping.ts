import { model } from "@medusajs/framework/utils"

/** How a gateway's export reads (ReconciliationMapping), kept from its last file for the next one. */
const PaylinkReconciliationMapping = model
  .define("paylink_reconciliation_mapping", {
    id: model.id({ prefix: "plrcm" }).primaryKey(),
    /** The gateway's path key. */
    gateway: model.text(),
    mapping: model.json(),
    updated_by: model.text().nullable(),
  })
  .indexes([{ on: ["gateway"], unique: true, where: "deleted_at IS NULL" }])

export default PaylinkReconciliationMapping
