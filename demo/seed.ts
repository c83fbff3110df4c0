/**
 * Seeds the demo's Guatemalan store, once, with Medusa's own workflows (as an admin would through
 * the API) and the plugin's workflows for the benefits program. Run by demo/run.js with
 * `medusa exec demo/seed.ts` after the migrations, while the sandbox runs (saving the program's
 * credentials runs its setup call there). Prints one JSON line `DEMO_SEED {...}` for run.js.
 *
 * From run.js's environment: DEMO_ADMIN_PASSWORD (the install's, from .demo/secrets.json) and
 * DEMO_INSTALL_ID (kept in the store's metadata, so run.js knows which secrets seeded this
 * database). The benchmark and the soak seed without them: their admin gets a random password
 * nobody uses.
 */
import { randomBytes } from "node:crypto"
import type { ExecArgs } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import {
  createApiKeysWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  createUsersWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  updateStoresWorkflow,
} from "@medusajs/medusa/core-flows"
import { createBenefitRuleWorkflow } from "../src/workflows/benefits/workflows/benefit-rules"
import { saveBenefitsSettingsWorkflow } from "../src/workflows/benefits/workflows/save-benefits-settings"
import { ADMIN, KEY_TITLE, PRODUCTS, PROVIDERS, SHIPPING } from "./store-data"
import { setUpShipping } from "./lib/shipping-set-up"

export default async function seedDemo({ container }: ExecArgs) {
  // Once: the publishable key is the marker run.js also reads.
  const apiKeys = container.resolve(Modules.API_KEY)
  const [existing] = await apiKeys.listApiKeys({
    title: KEY_TITLE,
    type: "publishable",
  })
  if (existing) {
    console.log(
      `DEMO_SEED ${JSON.stringify({ publishableKey: existing.token, seeded: false })}`
    )
    return
  }

  // The store sells in quetzales first, dollars too: a region's currency must be one of the store's.
  const [store] = await container.resolve(Modules.STORE).listStores()
  await updateStoresWorkflow(container).run({
    input: {
      selector: { id: store.id },
      update: {
        name: "Tienda demo Paylink",
        ...(process.env.DEMO_INSTALL_ID
          ? { metadata: { paylink_demo_install: process.env.DEMO_INSTALL_ID } }
          : {}),
        supported_currencies: [
          { currency_code: "gtq", is_default: true },
          { currency_code: "usd" },
        ],
      },
    },
  })

  const {
    result: [channel],
  } = await createSalesChannelsWorkflow(container).run({
    input: { salesChannelsData: [{ name: "Tienda web demo" }] },
  })
  const {
    result: [key],
  } = await createApiKeysWorkflow(container).run({
    input: {
      api_keys: [{ title: KEY_TITLE, type: "publishable", created_by: "demo" }],
    },
  })
  await linkSalesChannelsToApiKeyWorkflow(container).run({
    input: { id: key.id, add: [channel.id] },
  })

  // B and C accept GTQ only (docs/install.md#currency-amount-and-billing-rules): the USD region offers gateway A and the subscription.
  // No system provider (store-data.ts): every order of the demo is paid through a link.
  await createRegionsWorkflow(container).run({
    input: {
      regions: [
        {
          name: "Guatemala",
          currency_code: "gtq",
          countries: ["gt"],
          payment_providers: [
            PROVIDERS.gatewayA,
            PROVIDERS.subscription,
            PROVIDERS.gatewayB,
            PROVIDERS.gatewayC,
          ],
        },
        {
          name: "Estados Unidos",
          currency_code: "usd",
          countries: ["us"],
          payment_providers: [PROVIDERS.gatewayA, PROVIDERS.subscription],
        },
      ],
    },
  })

  const { profileId } = await setUpShipping(container, {
    channelIds: [channel.id],
    fulfillmentSetName: "Envíos demo",
    zones: SHIPPING.map((s) => ({
      zone: s.zone,
      countries: [s.country],
      option: {
        name: s.name,
        description: s.description,
        code: `standard-${s.country}`,
        prices: [{ currency_code: s.currency, amount: s.amount }],
      },
    })),
  })

  // Images are served by Medusa (<repo>/static, copied there by run.js) and by the storefront at
  // the same relative path, so they show in the admin and in the shop whatever the ports.
  await createProductsWorkflow(container).run({
    input: {
      products: PRODUCTS.map((p) => ({
        title: p.title,
        handle: p.handle,
        description: p.description,
        status: "published" as const,
        thumbnail: `/static/demo/${p.image}`,
        images: [{ url: `/static/demo/${p.image}` }],
        shipping_profile_id: profileId,
        // Sold by subscription (docs/storefront.md): only these can be paid with the subscription link.
        metadata: p.subscription ? { paylink_subscription: true } : undefined,
        options: [{ title: "Presentación", values: [p.variant] }],
        variants: [
          {
            title: p.variant,
            sku: p.handle.toUpperCase(),
            options: { Presentación: p.variant },
            manage_inventory: false,
            prices: [
              { amount: p.gtq, currency_code: "gtq" },
              { amount: p.usd, currency_code: "usd" },
            ],
          },
        ],
        sales_channels: [{ id: channel.id }],
      })),
    },
  })

  // The loyalty program at the sandbox (its default credentials), then the merchant's rule.
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
      name: "Club Paylink 10%",
      description:
        "10 % de descuento en productos con su tarjeta de lealtad (máximo Q 50)",
      kind: "percentage",
      value: 10,
      // Goods only, as the admin's form offers by default: shipping is not discounted.
      applies_to: "items",
      cap: 50,
      min_total: 50,
      active: true,
      starts_at: null,
      ends_at: null,
    },
  })

  // The admin user, as `medusa user -e -p` makes it, with the install's password.
  const password =
    process.env.DEMO_ADMIN_PASSWORD || randomBytes(12).toString("base64url")
  const {
    result: [user],
  } = await createUsersWorkflow(container).run({
    input: {
      users: [{ email: ADMIN.email, first_name: "Admin", last_name: "Demo" }],
    },
  })
  const auth = container.resolve(Modules.AUTH)
  const { authIdentity, error } = await auth.register("emailpass", {
    body: { email: ADMIN.email, password },
  } as any)
  if (error || !authIdentity)
    throw new Error(`registering the admin user: ${error}`)
  await auth.updateAuthIdentities({
    id: authIdentity.id,
    app_metadata: { user_id: user.id },
  })

  console.log(
    `DEMO_SEED ${JSON.stringify({ publishableKey: key.token, seeded: true })}`
  )
}
