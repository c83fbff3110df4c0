/**
 * The customer's NIT (Guatemala's tax id), read from the billing address's `metadata.tax_id` and sent
 * to the gateway as `billing.taxId`: checked with the storefront entry's own rule, so the backend
 * refuses what a storefront would, before anything is written or sent.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { codedError } from "../common/store-errors"
import { normalizeNit, NIT_RULE } from "../../storefront/nit"

/** The field as the storefront sets it and as the gateway receives it. */
export const TAX_ID_FIELD =
  "billing.taxId (the billing address's metadata.tax_id, the customer's NIT)"

/**
 * An order's billing with its NIT in one form, or without it when it is not a valid NIT: the order
 * took it before this check existed, or by a channel that does not check it, and Medusa's admin
 * cannot edit an address's metadata, so refusing it would leave the order with no way to be paid.
 * The gateway's taxId is optional; the link goes without it.
 */
export function withUsableTaxId<B extends { taxId?: string }>(billing: B): B {
  if (billing.taxId === undefined) {
    return billing
  }
  const nit = normalizeNit(billing.taxId)
  if (nit) {
    return { ...billing, taxId: nit }
  }
  const { taxId: _dropped, ...rest } = billing
  return rest as B
}

/**
 * The NIT in one form ("576937-K", "CF"); undefined when there is none (an empty string included);
 * a wrong one is a 400 `paylink.tax_id_invalid` naming the field and its rule.
 */
export function checkedTaxId(value: unknown): string | undefined {
  if (value === undefined || value === null) {
    return undefined
  }
  if (typeof value === "string" && !value.trim()) {
    return undefined
  }
  const nit = normalizeNit(value)
  if (!nit) {
    throw codedError(
      MedusaError.Types.INVALID_DATA,
      "paylink.tax_id_invalid",
      `${TAX_ID_FIELD}: ${NIT_RULE}.`
    )
  }
  return nit
}
