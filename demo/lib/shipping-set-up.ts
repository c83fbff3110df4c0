/**
 * Shipping as a merchant sets it up in Medusa's admin, built with Medusa's own workflows: a stock
 * location in Guatemala City with the manual fulfillment provider, available to the given sales
 * channels; one shipping fulfillment set; a service zone per entry of `zones`, each with one flat
 * option on the default shipping profile (created when the store has none).
 *
 * Shared by the demo's seed, the integration specs' shipping (integration-tests/helpers/shipping.ts)
 * and the dtc-starter store (integration-tests/storefront-starter/seed-store.ts, copied beside it
 * into the stock app), so the three stores ship the same way. Only Medusa imports: it runs in any
 * Medusa app.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  createLocationFulfillmentSetWorkflow,
  createServiceZonesWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
} from "@medusajs/medusa/core-flows"

export type ShippingZone = {
  /** The service zone's name. */
  zone: string
  countries: string[]
  option: {
    name: string
    label?: string
    description: string
    code: string
    prices: { currency_code: string; amount: number }[]
  }
}

export type ShippingSetUp = { profileId: string; optionIds: string[] }

export async function setUpShipping(
  container: MedusaContainer,
  {
    channelIds,
    fulfillmentSetName,
    zones,
  }: { channelIds: string[]; fulfillmentSetName: string; zones: ShippingZone[] }
): Promise<ShippingSetUp> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const {
    result: [location],
  } = await createStockLocationsWorkflow(container).run({
    input: {
      locations: [
        {
          name: "Bodega Zona 1",
          address: {
            address_1: "6a Avenida 10-20",
            city: "Guatemala",
            country_code: "gt",
          },
        },
      ],
    },
  })
  await container.resolve(ContainerRegistrationKeys.LINK).create({
    [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
    [Modules.FULFILLMENT]: { fulfillment_provider_id: "manual_manual" },
  })
  await linkSalesChannelsToStockLocationWorkflow(container).run({
    input: { id: location.id, add: channelIds },
  })
  await createLocationFulfillmentSetWorkflow(container).run({
    input: {
      location_id: location.id,
      fulfillment_set_data: { name: fulfillmentSetName, type: "shipping" },
    },
  })
  const { data: locations } = await query.graph({
    entity: "stock_location",
    fields: ["fulfillment_sets.id"],
    filters: { id: location.id },
  })
  const fulfillmentSetId = (
    locations[0] as { fulfillment_sets: { id: string }[] }
  ).fulfillment_sets[0].id
  const { result: serviceZones } = await createServiceZonesWorkflow(
    container
  ).run({
    input: {
      data: zones.map((z) => ({
        name: z.zone,
        fulfillment_set_id: fulfillmentSetId,
        geo_zones: z.countries.map((country_code) => ({
          type: "country" as const,
          country_code,
        })),
      })),
    },
  })
  const [profile] = await container
    .resolve(Modules.FULFILLMENT)
    .listShippingProfiles({ type: "default" })
  const profileId =
    profile?.id ??
    (
      await createShippingProfilesWorkflow(container).run({
        input: { data: [{ name: "Default", type: "default" }] },
      })
    ).result[0].id
  const { result: options } = await createShippingOptionsWorkflow(
    container
  ).run({
    input: zones.map((z, i) => ({
      name: z.option.name,
      price_type: "flat" as const,
      provider_id: "manual_manual",
      service_zone_id: serviceZones[i].id,
      shipping_profile_id: profileId,
      type: {
        label: z.option.label ?? z.option.name,
        description: z.option.description,
        code: z.option.code,
      },
      prices: z.option.prices,
      rules: [
        {
          attribute: "enabled_in_store",
          value: "true",
          operator: "eq" as const,
        },
        { attribute: "is_return", value: "false", operator: "eq" as const },
      ],
    })),
  })
  return { profileId, optionIds: options.map((o: { id: string }) => o.id) }
}
