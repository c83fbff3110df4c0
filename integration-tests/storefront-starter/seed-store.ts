/**
 * The store Medusa's Next.js storefront (medusajs/dtc-starter) is run against, seeded by run.js
 * with `medusa exec` in the stock app (so it runs against the app's own Medusa, not this
 * repository's): what the storefront needs to sell one product to a guest.
 *
 * - a sales channel and a publishable key for it (the storefront's NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY);
 * - region Guatemala (GTQ, country gt) with gateways A, B and C, the storefront's default region;
 *   region El Salvador (USD, country sv) with gateway A (the only gateway that takes USD), so a
 *   return can be seen to keep or lose the customer's country (/sv/...);
 * - shipping to both countries: a stock location with Medusa's manual fulfillment provider, a
 *   service zone, a flat option (GTQ 25, USD 5) on the default shipping profile;
 * - one published product in the channel on that profile (GTQ 100, USD 15; no inventory).
 *
 * Prints `STARTER_SEED {...}` (publishable key, the product's handle) for run.js.
 */
import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  createApiKeysWorkflow,
  createLocationFulfillmentSetWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  createServiceZonesWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
  updateStoresWorkflow,
} from "@medusajs/medusa/core-flows"

const GATEWAYS = ["pp_paylink-gateway-a_default", "pp_paylink-gateway-b_default", "pp_paylink-gateway-c_default"]
const PRODUCT_HANDLE = "cafe-huehuetenango"

export default async function seedStarterStore({ container }: ExecArgs) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const link = container.resolve(ContainerRegistrationKeys.LINK)

  const {
    result: [channel],
  } = await createSalesChannelsWorkflow(container).run({ input: { salesChannelsData: [{ name: "Web" }] } })
  const [store] = await container.resolve(Modules.STORE).listStores()
  await updateStoresWorkflow(container).run({
    input: {
      selector: { id: store.id },
      update: {
        default_sales_channel_id: channel.id,
        supported_currencies: [
          { currency_code: "gtq", is_default: true },
          { currency_code: "usd", is_default: false },
        ],
      },
    },
  })
  const {
    result: [key],
  } = await createApiKeysWorkflow(container).run({ input: { api_keys: [{ title: "dtc-starter", type: "publishable", created_by: "seed" }] } })
  await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: key.id, add: [channel.id] } })

  await createRegionsWorkflow(container).run({
    input: {
      regions: [
        { name: "Guatemala", currency_code: "gtq", countries: ["gt"], payment_providers: GATEWAYS },
        { name: "El Salvador", currency_code: "usd", countries: ["sv"], payment_providers: [GATEWAYS[0]] },
      ],
    },
  })

  const {
    result: [location],
  } = await createStockLocationsWorkflow(container).run({
    input: { locations: [{ name: "Bodega Zona 1", address: { address_1: "6a Avenida", city: "Guatemala", country_code: "gt" } }] },
  })
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
    [Modules.FULFILLMENT]: { fulfillment_provider_id: "manual_manual" },
  })
  await linkSalesChannelsToStockLocationWorkflow(container).run({ input: { id: location.id, add: [channel.id] } })
  await createLocationFulfillmentSetWorkflow(container).run({
    input: { location_id: location.id, fulfillment_set_data: { name: "Envíos", type: "shipping" } },
  })
  const { data: locations } = await query.graph({ entity: "stock_location", fields: ["fulfillment_sets.id"], filters: { id: location.id } })
  const fulfillmentSetId = (locations[0] as { fulfillment_sets: { id: string }[] }).fulfillment_sets[0].id
  const {
    result: [zone],
  } = await createServiceZonesWorkflow(container).run({
    input: {
      data: [
        {
          name: "Guatemala y El Salvador",
          fulfillment_set_id: fulfillmentSetId,
          geo_zones: [
            { type: "country", country_code: "gt" },
            { type: "country", country_code: "sv" },
          ],
        },
      ],
    },
  })
  const [existing] = await container.resolve(Modules.FULFILLMENT).listShippingProfiles({ type: "default" })
  const profileId =
    existing?.id ??
    (await createShippingProfilesWorkflow(container).run({ input: { data: [{ name: "Default", type: "default" }] } })).result[0].id
  await createShippingOptionsWorkflow(container).run({
    input: [
      {
        name: "Envío estándar",
        price_type: "flat",
        provider_id: "manual_manual",
        service_zone_id: zone.id,
        shipping_profile_id: profileId,
        type: { label: "Estándar", description: "2 a 3 días", code: "standard" },
        prices: [
          { currency_code: "gtq", amount: 25 },
          { currency_code: "usd", amount: 5 },
        ],
        rules: [
          { attribute: "enabled_in_store", value: "true", operator: "eq" },
          { attribute: "is_return", value: "false", operator: "eq" },
        ],
      },
    ],
  })

  await createProductsWorkflow(container).run({
    input: {
      products: [
        {
          title: "Café de Huehuetenango",
          handle: PRODUCT_HANDLE,
          description: "Café de altura, tostado medio, 340 g.",
          status: "published",
          shipping_profile_id: profileId,
          options: [{ title: "Size", values: ["Bag"] }],
          variants: [
            {
              title: "Bag",
              sku: "CAFE-HUE-340",
              options: { Size: "Bag" },
              manage_inventory: false,
              prices: [
                { amount: 100, currency_code: "gtq" },
                { amount: 15, currency_code: "usd" },
              ],
            },
          ],
          sales_channels: [{ id: channel.id }],
        },
      ],
    },
  })

  console.log(`STARTER_SEED ${JSON.stringify({ publishableKey: key.token, productHandle: PRODUCT_HANDLE })}`)
}
