/**
 * The plugin's own options, validated by the paylink module at boot so a misconfigured store fails
 * on start with a message naming the option (every option: docs/install.md).
 */
import { z } from "@medusajs/framework/zod"
import { MedusaError } from "@medusajs/framework/utils"
import { formatIssues, issuesFromZod } from "../paylink/errors"
import { PATH_SEGMENT_PATTERN, PATH_SEGMENT_RULE } from "../paylink/endpoints"
import { storefrontUrlProblem } from "../return/storefront-url"

const template = (name: string, placeholder: "{order_id}" | "{cart_id}") =>
  z
    .string({ error: `${name} must be an absolute URL` })
    .superRefine((s, ctx) => {
      const problem = storefrontUrlProblem(s, placeholder)
      if (problem)
        ctx.addIssue({ code: "custom", message: `${name} ${problem}` })
    })

export const pluginOptionsSchema = z.object({
  /** Key for the HMAC on return links: the only key that signs and verifies them. */
  secret: z
    .string({ error: "secret is required" })
    .min(32, { error: "secret must be at least 32 characters" }),
  /** After a paid return, e.g. https://shop.example/{country_code}/order/{order_id}/confirmed */
  orderConfirmedUrl: template("orderConfirmedUrl", "{order_id}").optional(),
  /** After a cancel, e.g. https://shop.example/{country_code}/checkout?step=payment&cart_id={cart_id} */
  paymentStepUrl: template("paymentStepUrl", "{cart_id}").optional(),
  /** Linked from the return route's pages; defaults to the origin of orderConfirmedUrl (or paymentStepUrl). */
  storefrontUrl: z
    .url({ error: "storefrontUrl must be an absolute URL" })
    .optional(),
  /** Seals secrets at rest; without it the plugin refuses to store them. */
  encryptionKey: z
    .string()
    .refine(
      (s) =>
        /^[0-9a-fA-F]{64}$/.test(s) || Buffer.from(s, "base64").length === 32,
      {
        error:
          "encryptionKey must be 32 bytes: 64 hex characters or base64 (e.g. `openssl rand -hex 32`)",
      }
    )
    .optional(),
  /** The service's {base_url}, used by the benefits program unless the admin settings override it. */
  baseUrl: z
    .url({ error: "baseUrl must be the service's absolute base URL" })
    .optional(),
  /** The benefits program's literal path segment ({benefits_program}), unpublished: docs/service.md §2.1. */
  benefitsPath: z
    .string()
    .regex(PATH_SEGMENT_PATTERN, {
      error: `benefitsPath must be a single URL path segment: ${PATH_SEGMENT_RULE}`,
    })
    .default("benefits_program"),
  timeoutMs: z.number().int().min(100).max(120_000).default(10_000),
  /**
   * The language of the text the plugin sends to the gateway (the link's description, gateway B's
   * line names), which the customer reads on the hosted page and the merchant in the gateway's
   * export. Unset: the cart's (or order's) stored locale, else Spanish for a charge in GTQ.
   */
  gatewayTextLanguage: z
    .enum(["es", "en"], {
      error: 'gatewayTextLanguage must be "es" (Spanish) or "en" (English)',
    })
    .optional(),
  /** Discount requests per cart: the program has no reversal call, so an authorization stays given. */
  benefitCallsPerCart: z
    .number({
      error: "benefitCallsPerCart must be a whole number from 1 to 20",
    })
    .int({ error: "benefitCallsPerCart must be a whole number from 1 to 20" })
    .min(1, {
      error: "benefitCallsPerCart must be a whole number from 1 to 20",
    })
    .max(20, {
      error: "benefitCallsPerCart must be a whole number from 1 to 20",
    })
    .default(3),
  /** Unused authorizations per card across carts within benefitCardWindowHours (docs/architecture.md#program-requests-on-record). */
  benefitAuthorizationsPerCard: z
    .number({
      error:
        "benefitAuthorizationsPerCard must be a whole number from 1 to 100",
    })
    .int({
      error:
        "benefitAuthorizationsPerCard must be a whole number from 1 to 100",
    })
    .min(1, {
      error:
        "benefitAuthorizationsPerCard must be a whole number from 1 to 100",
    })
    .max(100, {
      error:
        "benefitAuthorizationsPerCard must be a whole number from 1 to 100",
    })
    .default(3),
  benefitCardWindowHours: z
    .number({
      error: "benefitCardWindowHours must be a whole number from 1 to 720",
    })
    .int({
      error: "benefitCardWindowHours must be a whole number from 1 to 720",
    })
    .min(1, {
      error: "benefitCardWindowHours must be a whole number from 1 to 720",
    })
    .max(720, {
      error: "benefitCardWindowHours must be a whole number from 1 to 720",
    })
    .default(24),
  /**
   * How far the service's clock may run from the store's, in minutes (reconciliation): a row dated
   * that much before its link existed is still its payment, and a subscription link's row is a
   * renewal only once it is that much later than the customer's return. 0 only where both run on
   * one clock (the demo, with its sandbox).
   */
  clockSkewMinutes: z
    .number({
      error: "clockSkewMinutes must be a whole number from 0 to 1440",
    })
    .int({ error: "clockSkewMinutes must be a whole number from 0 to 1440" })
    .min(0, { error: "clockSkewMinutes must be a whole number from 0 to 1440" })
    .max(1440, {
      error: "clockSkewMinutes must be a whole number from 0 to 1440",
    })
    .default(10),
  /**
   * The shortest time between two charges of one subscription (its first payment included) that
   * are two charges, in minutes: a row closer to a charge already seen is that charge, dated
   * differently. Unset: half the plan's period (a real renewal comes a whole period later). Lower it
   * only where a sandbox charges a period early (the demo, tests).
   */
  renewalGapMinutes: z
    .number({
      error: "renewalGapMinutes must be a whole number from 0 to 525600",
    })
    .int({ error: "renewalGapMinutes must be a whole number from 0 to 525600" })
    .min(0, {
      error: "renewalGapMinutes must be a whole number from 0 to 525600",
    })
    .max(525_600, {
      error: "renewalGapMinutes must be a whole number from 0 to 525600",
    })
    .optional(),
})

export type PluginOptions = z.infer<typeof pluginOptionsSchema>

export function storefrontHome(options: PluginOptions): string | null {
  if (options.storefrontUrl) {
    return options.storefrontUrl
  }
  const from = options.orderConfirmedUrl ?? options.paymentStepUrl
  return from ? `${new URL(from).origin}/` : null
}

export function parsePluginOptions(raw: unknown): PluginOptions {
  const parsed = pluginOptionsSchema.safeParse(raw ?? {})
  if (!parsed.success) {
    throw new MedusaError(
      MedusaError.Types.INVALID_ARGUMENT,
      `medusa-plugin-paylink options are invalid: ${formatIssues(issuesFromZod(parsed.error))}. Fix them in medusa-config (plugins: [{ resolve: "medusa-plugin-paylink", options }]).`
    )
  }
  return parsed.data
}
