/**
 * The `billing` of a checkout request, from the session data the payment-link workflow built from
 * the cart (Medusa gives providers a customer only when one is logged in, so guests' billing comes
 * from the cart).
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { Billing } from "../../lib/paylink/schemas"
import { codedError } from "../../lib/common/store-errors"
import { checkedTaxId } from "../../lib/cart/tax-id"
import { NIT_FINAL_CONSUMER } from "../../storefront/nit"

const str = (v: unknown) =>
  typeof v === "string" && v.trim() ? v.trim() : undefined

export function billingOf(data: Record<string, unknown> | undefined): Billing {
  const given = (
    data?.billing && typeof data.billing === "object" ? data.billing : {}
  ) as Record<string, unknown>
  const billing = {
    name: str(given.name),
    surname: str(given.surname),
    email: str(given.email),
    taxId: str(given.taxId),
    phone: str(given.phone),
    address: str(given.address),
  }
  const missing = (["name", "surname", "email"] as const)
    .filter((k) => !billing[k])
    .map((k) => `billing.${k}`)
  if (missing.length) {
    throw codedError(
      MedusaError.Types.INVALID_DATA,
      "paylink.cart_incomplete",
      `The payment link needs the customer's ${missing.join(", ")}: set the cart's email and billing address ` +
        `(first and last name) before creating the payment link.`
    )
  }
  // A wrong NIT is refused here too (order links reach the gateway without the cart workflow).
  // A final consumer ("CF") is sent without a taxId: the service's billing.taxId is "left empty
  // for a final consumer" (docs/service.md).
  const taxId = checkedTaxId(billing.taxId)
  billing.taxId = taxId === NIT_FINAL_CONSUMER ? undefined : taxId
  return Object.fromEntries(
    Object.entries(billing).filter(([, v]) => v !== undefined)
  ) as Billing
}
