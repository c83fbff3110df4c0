/**
 * What the payment-link checks read beside the cart itself, in ONE statement (issue 17: each
 * statement costs the server ~1.8 ms of CPU, and these were five or six, one per table): the
 * region's payment providers, the products' shipping profiles, the cart's promotion codes, its
 * payment collection (links of Medusa's core modules), the variants' inventory flags (product
 * module) and the selected shipping options' profiles (fulfillment module).
 *
 * One SELECT of scalar subqueries on Medusa's shared connection, so every part reads the same
 * snapshot. It reads those tables directly, as Medusa's own link tables and its modules' tables
 * are laid out in 2.21 (the default layout, every module in the app's database; a store that
 * moves one of these modules to a database of its own cannot use it). Each part answers what
 * `query.graph` answered: rows not soft-deleted, a promotion's code only while the promotion exists.
 */
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"

type Container = Pick<MedusaContainer, "resolve">

export type CartLinkReads = {
  provider_ids: string[]
  /** product id -> shipping profile id */
  profiles: { product_id: string; shipping_profile_id: string }[]
  promotion_codes: (string | null)[]
  payment_collection_id: string | null
  variants: { id: string; manage_inventory: boolean | null; allow_backorder: boolean | null }[]
  /** shipping option id -> its shipping profile id */
  options: { id: string; shipping_profile_id: string | null }[]
}

export type CartLinkKeys = {
  cart_id: string
  region_id?: string | null
  product_ids: string[]
  variant_ids: string[]
  shipping_option_ids: string[]
  /** Already known (Medusa's payment-sessions route resolved it): not read again. */
  payment_collection_id?: string | null
}

const list = (values: string[]) => values.map(() => "?").join(", ")

/** An aggregate of `select` over `table` for the ids, or an empty array (no statement part) when there are none. */
function part(alias: string, json: string, table: string, column: string, ids: string[], bindings: string[]) {
  if (!ids.length) return `'[]'::json as "${alias}"`
  bindings.push(...ids)
  return `(select coalesce(json_agg(${json}), '[]'::json) from "${table}" t where t."deleted_at" is null and t."${column}" in (${list(ids)})) as "${alias}"`
}

export async function readCartLinks(container: Container, keys: CartLinkKeys): Promise<CartLinkReads> {
  const bindings: string[] = []
  const parts = [
    part("provider_ids", `t."payment_provider_id"`, "region_payment_provider", "region_id", keys.region_id ? [keys.region_id] : [], bindings),
    part("profiles", `json_build_object('product_id', t."product_id", 'shipping_profile_id', t."shipping_profile_id")`, "product_shipping_profile", "product_id", keys.product_ids, bindings),
    part("variants", `json_build_object('id', t."id", 'manage_inventory', t."manage_inventory", 'allow_backorder', t."allow_backorder")`, "product_variant", "id", keys.variant_ids, bindings),
    part("options", `json_build_object('id', t."id", 'shipping_profile_id', t."shipping_profile_id")`, "shipping_option", "id", keys.shipping_option_ids, bindings),
  ]
  bindings.push(keys.cart_id)
  parts.push(
    `(select coalesce(json_agg(p."code"), '[]'::json) from "cart_promotion" t join "promotion" p on p."id" = t."promotion_id" and p."deleted_at" is null where t."deleted_at" is null and t."cart_id" = ?) as "promotion_codes"`
  )
  if (keys.payment_collection_id) {
    bindings.push(keys.payment_collection_id)
    parts.push(`?::text as "payment_collection_id"`)
  } else {
    bindings.push(keys.cart_id)
    parts.push(`(select t."payment_collection_id" from "cart_payment_collection" t where t."deleted_at" is null and t."cart_id" = ? limit 1) as "payment_collection_id"`)
  }
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const { rows } = await knex.raw(`select ${parts.join(", ")}`, bindings)
  return rows[0] as CartLinkReads
}
