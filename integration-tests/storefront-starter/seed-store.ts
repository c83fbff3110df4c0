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
 * - one published product in the channel on that profile (GTQ 100, USD 15; no inventory), and one
 *   sold by subscription (`metadata.paylink_subscription`, GTQ 150), which only Guatemala's
 *   monthly subscription provider (gateway A) may charge;
 * - the loyalty program at the sandbox (its default credentials) and a 10 % benefit rule.
 *
 * Prints `STARTER_SEED {...}` (publishable key, the products' handles) for run.js.
 */
import type { ExecArgs } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import {
  createApiKeysWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  updateStoresWorkflow,
} from "@medusajs/medusa/core-flows"
// run.js copies it beside this file in the stock app and points this import there.
import { setUpShipping } from "../../demo/lib/shipping-set-up"
import {
  createBenefitRuleWorkflow,
  saveBenefitsSettingsWorkflow,
} from "medusa-plugin-paylink/workflows"

const GATEWAYS = [
  "pp_paylink-gateway-a_default",
  "pp_paylink-gateway-b_default",
  "pp_paylink-gateway-c_default",
]
const SUBSCRIPTION = "pp_paylink-gateway-a-subscription_monthly"
const PRODUCT_HANDLE = "cafe-huehuetenango"
const SUBSCRIPTION_HANDLE = "caja-de-cafe-mensual"

export default async function seedStarterStore({ container }: ExecArgs) {
  const {
    result: [channel],
  } = await createSalesChannelsWorkflow(container).run({
    input: { salesChannelsData: [{ name: "Web" }] },
  })
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
  } = await createApiKeysWorkflow(container).run({
    input: {
      api_keys: [
        { title: "dtc-starter", type: "publishable", created_by: "seed" },
      ],
    },
  })
  await linkSalesChannelsToApiKeyWorkflow(container).run({
    input: { id: key.id, add: [channel.id] },
  })

  await createRegionsWorkflow(container).run({
    input: {
      regions: [
        {
          name: "Guatemala",
          currency_code: "gtq",
          countries: ["gt"],
          payment_providers: [...GATEWAYS, SUBSCRIPTION],
        },
        {
          name: "El Salvador",
          currency_code: "usd",
          countries: ["sv"],
          payment_providers: [GATEWAYS[0]],
        },
      ],
    },
  })

  const { profileId } = await setUpShipping(container, {
    channelIds: [channel.id],
    fulfillmentSetName: "Envíos",
    zones: [
      {
        zone: "Guatemala y El Salvador",
        countries: ["gt", "sv"],
        option: {
          name: "Envío estándar",
          label: "Estándar",
          description: "2 a 3 días",
          code: "standard",
          prices: [
            { currency_code: "gtq", amount: 25 },
            { currency_code: "usd", amount: 5 },
          ],
        },
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
        {
          title: "Caja de café mensual",
          handle: SUBSCRIPTION_HANDLE,
          description: "Una bolsa de café de altura cada mes.",
          status: "published",
          shipping_profile_id: profileId,
          // Sold by subscription: only these goods may be paid with the subscription link.
          metadata: { paylink_subscription: true },
          options: [{ title: "Plan", values: ["Monthly"] }],
          variants: [
            {
              title: "Monthly",
              sku: "CAFE-MES",
              options: { Plan: "Monthly" },
              manage_inventory: false,
              prices: [{ amount: 150, currency_code: "gtq" }],
            },
          ],
          sales_channels: [{ id: channel.id }],
        },
      ],
    },
  })

  await saveBenefitsSettingsWorkflow(container).run({
    input: {
      user: "sandbox",
      password: "sandbox-password",
      branch: 1,
      enabled: true,
    },
  })
  await createBenefitRuleWorkflow(container).run({
    input: {
      code: 501,
      name: "Club 10%",
      description: null,
      kind: "percentage",
      value: 10,
      applies_to: "items",
      cap: 50,
      min_total: 50,
      active: true,
      starts_at: null,
      ends_at: null,
    },
  })

  console.log(
    `STARTER_SEED ${JSON.stringify({ publishableKey: key.token, productHandle: PRODUCT_HANDLE, subscriptionHandle: SUBSCRIPTION_HANDLE })}`
  )
}
