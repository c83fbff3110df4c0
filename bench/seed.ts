/**
 * The benchmark's store: the demo's Guatemalan store (demo/seed.ts: GTQ region with gateway A,
 * shipping, products, the loyalty program at the sandbox and its rule), Medusa's system provider
 * added to the GTQ region (the baseline the plugin's routes are measured against; the demo itself
 * does not offer it: it places unpaid orders),
 * plus one promotion code, the stock discount the loyalty benefit is compared with. Run by
 * bench/run.js with `medusa exec bench/seed.ts` on a throwaway database while the sandbox runs.
 * Prints one line `BENCH_SEED {...}` with the ids the bench drives (the
 * shipping option it asks the store API for, as a storefront does).
 */
import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  createPromotionsWorkflow,
  updateRegionsWorkflow,
} from "@medusajs/medusa/core-flows"
import seedDemo from "../demo/seed"
import { KEY_TITLE, PROVIDERS } from "../demo/store-data"

export const PROMOTION_CODE = "BENCH10"
/** Medusa's provider that authorizes without a payment: the benchmark's baseline only. */
const SYSTEM_PROVIDER = "pp_system_default"

export default async function seedBench(args: ExecArgs) {
  await seedDemo(args)
  const { container } = args
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  // Gateway A's second provider (manual confirmation) in the GTQ region too: the memory phase
  // alternates a cart between A's two providers so that every call makes a new link.
  const { data: regions } = await query.graph({
    entity: "region",
    fields: ["id", "currency_code"],
    filters: { currency_code: "gtq" },
  })
  await updateRegionsWorkflow(container).run({
    input: {
      selector: { id: regions[0].id },
      update: {
        payment_providers: [
          PROVIDERS.gatewayA,
          "pp_paylink-gateway-a_manual",
          PROVIDERS.subscription,
          PROVIDERS.gatewayB,
          PROVIDERS.gatewayC,
          SYSTEM_PROVIDER,
        ],
      },
    },
  })
  // The same discount as the loyalty rule (10 % of the order), as a plain promotion code.
  await createPromotionsWorkflow(container).run({
    input: {
      promotionsData: [
        {
          code: PROMOTION_CODE,
          type: "standard",
          status: "active",
          is_automatic: false,
          application_method: {
            type: "percentage",
            target_type: "order",
            allocation: "across",
            value: 10,
          },
        } as any,
      ],
    },
  })
  const { data: keys } = await query.graph({
    entity: "api_key",
    fields: ["token"],
    filters: { type: "publishable", title: KEY_TITLE },
  })
  const { data: variants } = await query.graph({
    entity: "product_variant",
    fields: ["id", "product.handle"],
    filters: { sku: "CAFE-HUEHUETENANGO" },
  })
  const { data: rules } = await query
    .graph({ entity: "benefit_rule", fields: ["id", "code"] })
    .catch(() => ({ data: [] as any[] }))
  console.log(
    `BENCH_SEED ${JSON.stringify({
      publishableKey: keys[0].token,
      regionId: regions[0].id,
      variantId: variants[0].id,
      promotionCode: PROMOTION_CODE,
      ruleId: rules[0]?.id ?? null,
    })}`
  )
}
