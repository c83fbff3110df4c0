/**
 * Shipping for the specs that need it: a stock location in Guatemala City with the manual
 * fulfillment provider, a shipping fulfillment set with one service zone (country GT), the
 * default shipping profile and a flat shipping option priced GTQ 25, available to the seeded
 * sales channel (demo/lib/shipping-set-up.ts, as the demo ships). Separate
 * from seed.ts so that the specs without shipping keep their store as it is.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createProductsWorkflow } from "@medusajs/medusa/core-flows"
import { setUpShipping } from "../../demo/lib/shipping-set-up"
import type { Api } from "./storefront"
import { GUEST, storeHeaders } from "./storefront"

export const SHIPPING_PRICE_GTQ = 25

/** The guest ships to the billing address. */
export const GUEST_SHIPPING_ADDRESS = GUEST.billing_address

/**
 * Creates the shipping set-up and a shipped product priced GTQ 150 (the seed's variants, 100 and
 * 4, cannot make 150); returns the flat GTQ 25 option's id and that variant's id. `prices` gives
 * the product one variant per price instead (`shippedVariantIds`, in that order).
 */
export async function seedShipping(
  container: MedusaContainer,
  { prices = [150] }: { prices?: number[] } = {}
): Promise<{
  shippingOptionId: string
  shippedVariantId: string
  shippedVariantIds: string[]
}> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: channels } = await query.graph({
    entity: "sales_channel",
    fields: ["id"],
    filters: { name: "Web" },
  })

  const {
    profileId,
    optionIds: [shippingOptionId],
  } = await setUpShipping(container, {
    channelIds: channels.map((c: { id: string }) => c.id),
    fulfillmentSetName: "Envíos Guatemala",
    zones: [
      {
        zone: "Guatemala",
        countries: ["gt"],
        option: {
          name: "Envío estándar",
          label: "Estándar",
          description: "2 a 3 días",
          code: "standard",
          prices: [{ currency_code: "gtq", amount: SHIPPING_PRICE_GTQ }],
        },
      },
    ],
  })
  // The first variant keeps the name it always had.
  const sizes = prices.map((_, i) => (i === 0 ? "1 L" : `${i + 1} L`))
  const { result: products } = await createProductsWorkflow(container).run({
    input: {
      products: [
        {
          title: "Prensa francesa",
          status: "published",
          shipping_profile_id: profileId,
          options: [{ title: "Size", values: sizes }],
          variants: prices.map((amount, i) => ({
            title: sizes[i],
            options: { Size: sizes[i] },
            manage_inventory: false,
            prices: [
              { amount, currency_code: "gtq" },
              { amount: 30, currency_code: "usd" },
            ],
          })),
          sales_channels: channels.map((c: { id: string }) => ({ id: c.id })),
        },
      ],
    },
  })
  // Variants come back in the order given; matched by title all the same.
  const shippedVariantIds = sizes.map(
    (size) => products[0].variants.find((v) => v.title === size)!.id
  )
  return {
    shippingOptionId,
    shippedVariantId: shippedVariantIds[0],
    shippedVariantIds,
  }
}

/** What a storefront does at the delivery step: the address, then the shipping method. */
export async function addShipping(
  api: Api,
  key: string,
  cartId: string,
  optionId: string
) {
  await api.post(
    `/store/carts/${cartId}`,
    { shipping_address: GUEST_SHIPPING_ADDRESS },
    storeHeaders(key)
  )
  const { data } = await api.post(
    `/store/carts/${cartId}/shipping-methods`,
    { option_id: optionId },
    storeHeaders(key)
  )
  return data.cart as {
    id: string
    total: number
    item_total: number
    shipping_total: number
  }
}
