/**
 * Provider options, validated at boot (Medusa calls `validateOptions` when it loads a provider).
 * One schema per gateway product; each error names the option and says how to fix it.
 */
import { z } from "@medusajs/framework/zod"
import {
  INSTALLMENT_COUNTS,
  SUBSCRIPTION_INTERVALS,
} from "../../lib/paylink/schemas"
import { formatIssues, issuesFromZod } from "../../lib/paylink/errors"
import {
  PATH_SEGMENT_PATTERN,
  PATH_SEGMENT_RULE,
} from "../../lib/paylink/endpoints"
import { storefrontUrlProblem } from "../../lib/return/storefront-url"

const pathSegment = z.string().regex(PATH_SEGMENT_PATTERN, {
  error: `must be a single URL path segment: ${PATH_SEGMENT_RULE}`,
})

const template = (placeholder: "{order_id}" | "{cart_id}") =>
  z.string({ error: "must be an absolute URL" }).superRefine((s, ctx) => {
    const problem = storefrontUrlProblem(s, placeholder)
    if (problem) ctx.addIssue({ code: "custom", message: problem })
  })

export const baseProviderOptionsSchema = z.object({
  /** The service's {base_url}. */
  baseUrl: z.url({
    error:
      "must be the service's absolute base URL, e.g. https://api.example.com",
  }),
  /** The gateway's X-Token. */
  token: z
    .string({ error: "is required: the X-Token issued for this gateway" })
    .min(1, { error: "must not be empty" }),
  /** The public URL of this Medusa server; the gateway sends the customer back to its return route. */
  backendUrl: z.url({
    error:
      "must be the public absolute URL of this Medusa server, e.g. https://api.shop.example",
  }),
  /** The gateway's literal path segment ({gateway_a} etc.), unpublished: docs/service.md §2.1. */
  gatewayPath: pathSegment.optional(),
  timeoutMs: z.number().int().min(100).max(120_000).default(10_000),
  /** Shown to the customer on the gateway's page; `{number}` is replaced with the link number. */
  description: z.string().min(1).max(250).optional(),
  /** How long a return link is honoured after it is created. */
  returnLinkTtlHours: z
    .number()
    .positive()
    .max(24 * 30)
    .default(48),
  /** Storefront page after a paid return; overrides the plugin's option. */
  orderConfirmedUrl: template("{order_id}").optional(),
  /** Storefront payment step after a cancel; overrides the plugin's option. */
  paymentStepUrl: template("{cart_id}").optional(),
  /** "return": a verified return pays the order. "manual": the order waits for the merchant. */
  confirmation: z.enum(["return", "manual"]).default("return"),
  /** "refuse": refunds are refused (the service has none). "record": record one made by hand. */
  refunds: z.enum(["refuse", "record"]).default("refuse"),
})

export const gatewayAOptionsSchema = baseProviderOptionsSchema.extend({
  allowTransfer: z.boolean().default(false),
  installments: z
    .array(
      z.union(
        INSTALLMENT_COUNTS.map((n) => z.literal(n)) as [
          z.ZodLiteral<3>,
          z.ZodLiteral<6>,
          ...z.ZodLiteral<number>[],
        ]
      ),
      {
        error: `must be an array of counts from ${INSTALLMENT_COUNTS.join(", ")}`,
      }
    )
    .refine((a) => new Set(a).size === a.length, {
      error: "must not repeat a count",
    })
    .default([]),
})

export const subscriptionOptionsSchema = baseProviderOptionsSchema.extend({
  /** The billing plan belongs to the registration, never to the storefront's request. */
  interval: z.enum(SUBSCRIPTION_INTERVALS, {
    error: `must be one of ${SUBSCRIPTION_INTERVALS.join(", ")}`,
  }),
  count: z
    .number()
    .int()
    .positive({ error: "must be a positive integer" })
    .default(1),
})

export type BaseProviderOptions = z.infer<typeof baseProviderOptionsSchema>
export type GatewayAOptions = z.infer<typeof gatewayAOptionsSchema>
export type SubscriptionOptions = z.infer<typeof subscriptionOptionsSchema>

export function parseProviderOptions<S extends z.ZodType>(
  schema: S,
  raw: unknown,
  label: string
): z.infer<S> {
  const parsed = schema.safeParse(raw ?? {})
  if (!parsed.success) {
    throw new Error(
      `medusa-plugin-paylink ${label} provider options are invalid: ${formatIssues(issuesFromZod(parsed.error))}. ` +
        `Fix them under the provider's "options" in medusa-config (modules -> @medusajs/medusa/payment -> providers).`
    )
  }
  return parsed.data
}
