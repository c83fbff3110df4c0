/**
 * The `billing` object of a checkout request. Medusa gives providers a customer only when one is
 * logged in, so for guests the billing comes from session data that the plugin fills on the
 * server from the cart (the payment-link route or the middleware on the core route).
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { PaymentCustomerDTO } from "@medusajs/framework/types"
import type { Billing } from "../../lib/paylink/schemas"

export type BillingInput = Partial<Record<keyof Billing, unknown>>

const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined)

export function resolveBilling(data: Record<string, unknown> | undefined, customer?: PaymentCustomerDTO): Billing {
  const given = (data?.billing && typeof data.billing === "object" ? data.billing : {}) as BillingInput
  const address = customer?.billing_address
  const billing = {
    name: str(given.name) ?? str(customer?.first_name) ,
    surname: str(given.surname) ?? str(customer?.last_name) ,
    email: str(given.email) ?? str(customer?.email),
    taxId: str(given.taxId),
    phone: str(given.phone) ?? str(customer?.phone) ?? str(address?.phone),
    address:
      str(given.address) ??
      (address ? [address.address_1, address.address_2, address.city].map(str).filter(Boolean).join(", ") || undefined : undefined),
  }
  const missing = (["name", "surname", "email"] as const).filter((k) => !billing[k]).map((k) => `billing.${k}`)
  if (missing.length) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `The payment link needs the customer's ${missing.join(", ")}: set the cart's email and billing address ` +
        `(first and last name), or send them in data.billing, before creating the payment session.`
    )
  }
  return Object.fromEntries(Object.entries(billing).filter(([, v]) => v !== undefined)) as Billing
}
