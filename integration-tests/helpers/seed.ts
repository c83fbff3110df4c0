/**
 * A small store for the specs: a GTQ region (Guatemala) and a USD region with every payment-link
 * provider enabled, a sales channel with its publishable key, and one product priced in both,
 * marked as sold by subscription.
 * Built with Medusa's own workflows, as an admin would through the API.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import {
  createApiKeysWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
} from "@medusajs/medusa/core-flows"

export const PROVIDERS = {
  gatewayA: "pp_paylink-gateway-a_default",
  gatewayAManual: "pp_paylink-gateway-a_manual",
  subscription: "pp_paylink-gateway-a-subscription_monthly",
  gatewayB: "pp_paylink-gateway-b_default",
  gatewayC: "pp_paylink-gateway-c_default",
} as const

export type Seed = {
  publishableKey: string
  gtqRegionId: string
  usdRegionId: string
  /** Variant priced GTQ 100 / USD 20. */
  variantId: string
  /** Variant priced GTQ 4 / USD 4, under gateway A's minimum. */
  cheapVariantId: string
  /** Variant priced GTQ 30000 / USD 16000, over gateway A's maximum. */
  dearVariantId: string
}

export async function seedStore(container: MedusaContainer): Promise<Seed> {
  const providers = Object.values(PROVIDERS)
  const {
    result: [channel],
  } = await createSalesChannelsWorkflow(container).run({
    input: { salesChannelsData: [{ name: "Web" }] },
  })
  const {
    result: [key],
  } = await createApiKeysWorkflow(container).run({
    input: {
      api_keys: [
        { title: "storefront", type: "publishable", created_by: "seed" },
      ],
    },
  })
  await linkSalesChannelsToApiKeyWorkflow(container).run({
    input: { id: key.id, add: [channel.id] },
  })
  const { result: regions } = await createRegionsWorkflow(container).run({
    input: {
      regions: [
        {
          name: "Guatemala",
          currency_code: "gtq",
          countries: ["gt"],
          payment_providers: providers,
        },
        {
          name: "United States",
          currency_code: "usd",
          countries: ["us"],
          payment_providers: providers,
        },
      ],
    },
  })
  const variant = (title: string, gtq: number, usd: number) => ({
    title,
    options: { Size: title },
    manage_inventory: false,
    prices: [
      { amount: gtq, currency_code: "gtq" },
      { amount: usd, currency_code: "usd" },
    ],
  })
  const { result: products } = await createProductsWorkflow(container).run({
    input: {
      products: [
        {
          title: "Café de Huehuetenango",
          status: "published",
          options: [{ title: "Size", values: ["Bag", "Sample", "Crate"] }],
          variants: [
            variant("Bag", 100, 20),
            variant("Sample", 4, 4),
            variant("Crate", 30000, 16000),
          ],
          sales_channels: [{ id: channel.id }],
          // Sold by subscription too (all its variants): the specs pay it with the subscription
          // provider, which refuses goods not marked so (docs/storefront.md).
          metadata: { paylink_subscription: true },
        },
      ],
    },
  })
  const byTitle = (t: string) =>
    products[0].variants.find((v) => v.title === t)!.id
  return {
    publishableKey: key.token,
    gtqRegionId: regions.find((r) => r.currency_code === "gtq")!.id,
    usdRegionId: regions.find((r) => r.currency_code === "usd")!.id,
    variantId: byTitle("Bag"),
    cheapVariantId: byTitle("Sample"),
    dearVariantId: byTitle("Crate"),
  }
}
