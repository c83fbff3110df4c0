import { model } from "@medusajs/framework/utils"

/**
 * The program's credentials, one row per store. Password and token are sealed with the plugin's
 * `encryptionKey`; the API only ever says whether each is set.
 */
const BenefitsSettings = model.define("benefits_settings", {
  id: model.id({ prefix: "bset" }).primaryKey(),
  /** Overrides the plugin's `baseUrl` when set. */
  base_url: model.text().nullable(),
  user: model.text().nullable(),
  password_sealed: model.text().nullable(),
  branch: model.number().nullable(),
  enabled: model.boolean().default(false),
  token_sealed: model.text().nullable(),
  token_obtained_at: model.dateTime().nullable(),
})

export default BenefitsSettings
