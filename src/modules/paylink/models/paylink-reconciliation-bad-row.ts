import { model } from "@medusajs/framework/utils"

/** A row the read could not use: its line, the column, the value as written and the rule it broke. */
const PaylinkReconciliationBadRow = model
  .define("paylink_reconciliation_bad_row", {
    id: model.id({ prefix: "plrcb" }).primaryKey(),
    reconciliation_id: model.text(),
    line: model.number(),
    column: model.text(),
    value: model.text(),
    reason: model.text(),
  })
  .indexes([
    {
      on: ["reconciliation_id", "line"],
      unique: true,
      where: "deleted_at IS NULL",
    },
  ])

export default PaylinkReconciliationBadRow
