/**
 * Shipping for the specs that need it: a stock location in Guatemala City with the manual
 * fulfillment provider, a shipping fulfillment set with one service zone (country GT), the
 * default shipping profile and a flat shipping option priced GTQ 25, available to the seeded
 * sales channel. Built with Medusa's own workflows, as an admin would through the API. Separate
 * from seed.ts so that the specs without shipping keep their store as it is.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  createLocationFulfillmentSetWorkflow,
  createServiceZonesWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createProductsWorkflow,
  createStockLocationsWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
} from "@medusajs/medusa/core-flows"
import type { Api } from "./storefront"
import { GUEST, storeHeaders } from "./storefront"

export const SHIPPING_PRICE_GTQ = 25

/** The guest ships to the billing address. */
export const GUEST_SHIPPING_ADDRESS = GUEST.billing_address

/**
 * Creates the shipping set-up and a shipped product priced GTQ 150 (the seed's variants, 100 and
 * 4, cannot make 150); returns the flat GTQ 25 option's id and that variant's id.
 */
export async function seedShipping(container: MedusaContainer): Promise<{ shippingOptionId: string; shippedVariantId: string }> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  const { data: channels } = await query.graph({ entity: "sales_channel", fields: ["id"], filters: { name: "Web" } })

  const {
    result: [location],
  } = await createStockLocationsWorkflow(container).run({
    input: { locations: [{ name: "Bodega Zona 1", address: { address_1: "6a Avenida", city: "Guatemala", country_code: "gt" } }] },
  })
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
    [Modules.FULFILLMENT]: { fulfillment_provider_id: "manual_manual" },
  })
  await linkSalesChannelsToStockLocationWorkflow(container).run({
    input: { id: location.id, add: channels.map((c: { id: string }) => c.id) },
  })
  await createLocationFulfillmentSetWorkflow(container).run({
    input: { location_id: location.id, fulfillment_set_data: { name: "Envíos Guatemala", type: "shipping" } },
  })
  const { data: locations } = await query.graph({
    entity: "stock_location",
    fields: ["id", "fulfillment_sets.id"],
    filters: { id: location.id },
  })
  const fulfillmentSetId = (locations[0] as any).fulfillment_sets[0].id as string
  const {
    result: [zone],
  } = await createServiceZonesWorkflow(container).run({
    input: {
      data: [{ name: "Guatemala", fulfillment_set_id: fulfillmentSetId, geo_zones: [{ type: "country", country_code: "gt" }] }],
    },
  })
  const fulfillment = container.resolve(Modules.FULFILLMENT)
  const [existing] = await fulfillment.listShippingProfiles({ type: "default" })
  const profileId =
    existing?.id ??
    (await createShippingProfilesWorkflow(container).run({ input: { data: [{ name: "Default", type: "default" }] } })).result[0].id
  const {
    result: [option],
  } = await createShippingOptionsWorkflow(container).run({
    input: [
      {
        name: "Envío estándar",
        price_type: "flat",
        provider_id: "manual_manual",
        service_zone_id: zone.id,
        shipping_profile_id: profileId,
        type: { label: "Estándar", description: "2 a 3 días", code: "standard" },
        prices: [{ currency_code: "gtq", amount: SHIPPING_PRICE_GTQ }],
        rules: [
          { attribute: "enabled_in_store", value: "true", operator: "eq" },
          { attribute: "is_return", value: "false", operator: "eq" },
        ],
      },
    ],
  })
  const { result: products } = await createProductsWorkflow(container).run({
    input: {
      products: [
        {
          title: "Prensa francesa",
          status: "published",
          shipping_profile_id: profileId,
          options: [{ title: "Size", values: ["1 L"] }],
          variants: [
            {
              title: "1 L",
              options: { Size: "1 L" },
              manage_inventory: false,
              prices: [
                { amount: 150, currency_code: "gtq" },
                { amount: 30, currency_code: "usd" },
              ],
            },
          ],
          sales_channels: channels.map((c: { id: string }) => ({ id: c.id })),
        },
      ],
    },
  })
  return { shippingOptionId: option.id, shippedVariantId: products[0].variants[0].id }
}

/** What a storefront does at the delivery step: the address, then the shipping method. */
export async function addShipping(api: Api, key: string, cartId: string, optionId: string) {
  await api.post(`/store/carts/${cartId}`, { shipping_address: GUEST_SHIPPING_ADDRESS }, storeHeaders(key))
  const { data } = await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: optionId }, storeHeaders(key))
  return data.cart as { id: string; total: number; item_total: number; shipping_total: number }
}
