import { model } from "@medusajs/framework/utils"

/**
 * A gateway's credentials set in the admin, one row per gateway. Every field left null falls back
 * to the provider's option, so a store without rows works as configured in medusa-config. The
 * token is sealed (AES-256-GCM under the plugin's `encryptionKey`); only its last 4 characters
 * are kept in clear, for the admin to recognise it.
 */
const PaylinkGatewaySettings = model
  .define("paylink_gateway_settings", {
    id: model.id({ prefix: "plgw" }).primaryKey(),
    /** The gateway product (src/lib/paylink/gateways.ts), checked by the module before a save. */
    gateway: model.text(),
    token_sealed: model.text().nullable(),
    token_last4: model.text().nullable(),
    path_segment: model.text().nullable(),
    base_url: model.text().nullable(),
    enabled: model.boolean().default(true),
    /** Bumped on every save: a reader can tell a changed row without comparing its fields. */
    version: model.number().default(0),
    /**
     * The last test of the gateway (run on every save that changed something, and by Test): shown
     * on its card. Written without bumping `version` or `updated_at`: a test is not a save.
     */
    last_check_ok: model.boolean().nullable(),
    last_check_at: model.dateTime().nullable(),
    /** What the last test tested: `token` (a test link made with it) or `address` (no token sent). */
    last_check_kind: model.enum(["token", "address"]).nullable(),
    /**
     * The last link a token test made (id, url, number, amount, when): for the merchant to find
     * it in the gateway's dashboard, and for a reconciliation to recognise a row of it.
     */
    test_link: model.json().nullable(),
    /**
     * The subscription product only: a renewal a reconciliation shows becomes an order (the first
     * order's goods, shipped again). Off: renewals are recorded on the subscription, no order made.
     */
    renewal_orders: model.boolean().default(true),
  })
  .indexes([{ on: ["gateway"], unique: true }])

export default PaylinkGatewaySettings
