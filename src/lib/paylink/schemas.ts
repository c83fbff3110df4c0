/**
 * The service's wire format: one zod schema per request and response of the six endpoints
 * (docs/service.md §4, §5), used by the client on every answer and by the sandbox on every request.
 * Where the service is silent they choose the stricter reading (docs/service.md §9).
 */
import { z } from "zod"
import { decimalToCents } from "./amounts"
import type { CheckoutEndpointName } from "./gateways"

/** Supported installment counts on gateway A (docs/service.md §5.4). */
export const INSTALLMENT_COUNTS = [3, 6, 12, 18] as const

/** Subscription periods (docs/service.md §5.5). */
export const SUBSCRIPTION_INTERVALS = ["week", "month", "year"] as const

/** Currencies accepted per endpoint (docs/service.md §6). */
export const GATEWAY_A_CURRENCIES = ["GTQ", "USD"] as const
export const GTQ_ONLY = ["GTQ"] as const

/**
 * A decimal amount with at most two decimals and greater than zero. JSON carries it as a number;
 * the two-decimal check is done on the decimal text so that 10.1 passes and 10.001 fails.
 */
export const decimalAmount = z
  .number({ error: "must be a number" })
  .positive({ error: "must be greater than 0" })
  .refine((n) => decimalToCents(n) !== null, {
    error: "must have at most 2 decimals",
  })

const nonEmpty = z
  .string({ error: "must be a string" })
  .trim()
  .min(1, { error: "must not be empty" })

/** Credentials and card numbers go out exactly as given: trimming them would change a secret. */
const exactNonEmpty = z
  .string({ error: "must be a string" })
  .refine((s) => s.trim().length > 0, { error: "must not be empty" })

export const billingSchema = z
  .object({
    name: nonEmpty,
    surname: nonEmpty,
    email: z.email({ error: "must be an e-mail address" }),
    taxId: z.string().optional(),
    phone: z.string().optional(),
    address: z.string().optional(),
  })
  .strict()

/* http(s) only: `url` in a response is where the customer's browser is sent, and z.url() alone
 * also accepts `javascript:` and `data:` addresses. */
const url = z.url({
  protocol: /^https?$/,
  error: "must be an absolute http(s) URL",
})

/** Gateway A and subscription: both return addresses. */
export const redirectionSchema = z
  .object({ successUrl: url.optional(), cancelUrl: url.optional() })
  .strict()

/** Gateway B and C: `successUrl` only (docs/service.md §5.3). */
export const successOnlyRedirectionSchema = z
  .object({ successUrl: url.optional() })
  .strict()

/**
 * Each supported count followed by a comma ("3,6,", docs/service.md §5.4). Duplicates are refused:
 * the list the customer sees is exactly what the merchant set.
 */
export const installmentsString = z
  .string()
  .regex(/^((3|6|12|18),)+$/, {
    error: `must list counts from ${INSTALLMENT_COUNTS.join(", ")}, each followed by a comma, e.g. "3,6,"`,
  })
  .refine(
    (s) =>
      new Set(s.split(",").filter(Boolean)).size ===
      s.split(",").filter(Boolean).length,
    {
      error: "must not repeat a count",
    }
  )

const orderNumber = z
  .number({ error: "must be an integer" })
  .int({ error: "must be an integer" })
  .positive()

const checkoutBase = {
  number: orderNumber,
  description: nonEmpty,
  amount: decimalAmount,
  billing: billingSchema,
}

export const gatewayAOptionsSchema = z
  .object({
    allowTransfer: z.boolean().optional(),
    installments: installmentsString.optional(),
  })
  .strict()

/** Endpoint 1: gateway A single checkout (docs/service.md §4.1). */
export const gatewayASingleRequestSchema = z
  .object({
    ...checkoutBase,
    currency: z.enum(GATEWAY_A_CURRENCIES).optional(),
    redirection: redirectionSchema.optional(),
    options: gatewayAOptionsSchema.optional(),
  })
  .strict()

/** Endpoint 2: gateway A subscription checkout (docs/service.md §4.2). `correlative`: undocumented (§5.5). */
export const subscriptionRequestSchema = z
  .object({
    ...checkoutBase,
    currency: z.enum(GATEWAY_A_CURRENCIES).optional(),
    redirection: redirectionSchema.optional(),
    count: z.number().int().positive().optional(),
    interval: z.enum(SUBSCRIPTION_INTERVALS).optional(),
    correlative: z.number().int().optional(),
  })
  .strict()

export const gatewayBOrderItemSchema = z
  .object({
    reference: nonEmpty,
    name: nonEmpty,
    qty: z.number().int().positive(),
    price: z.number().nonnegative(),
  })
  .strict()

/** Endpoint 3: gateway B single checkout (docs/service.md §4.3). */
export const gatewayBRequestSchema = z
  .object({
    ...checkoutBase,
    currency: z.enum(GTQ_ONLY).optional(),
    redirection: successOnlyRedirectionSchema.optional(),
    order: z.array(gatewayBOrderItemSchema).min(1).optional(),
  })
  .strict()

/**
 * Endpoint 4: gateway C single checkout (docs/service.md §4.4). The service does not say what currency
 * C assumes when it is omitted, so it is required here: the plugin always sends it.
 */
export const gatewayCRequestSchema = z
  .object({
    ...checkoutBase,
    currency: z.enum(GTQ_ONLY),
    redirection: successOnlyRedirectionSchema.optional(),
  })
  .strict()

/** Endpoint 5: discount request (docs/service.md §4.5). */
export const discountRequestSchema = z
  .object({
    discount: decimalAmount,
    total: decimalAmount,
    currency: z.enum(GTQ_ONLY).optional(),
    code: z.number().int(),
    card: exactNonEmpty,
  })
  .strict()

/** Endpoint 6: setup request (docs/service.md §4.6). */
export const setupRequestSchema = z
  .object({
    user: exactNonEmpty,
    password: exactNonEmpty,
    branch: z.number().int(),
  })
  .strict()

const isoTimestamp = z.iso.datetime({ offset: true })

/* Responses are parsed loosely on unknown keys (a service may add fields) but strictly on the
 * documented ones. */
export const gatewayASingleResponseSchema = z.object({
  id: nonEmpty,
  url,
  metadata: z.object({ product: nonEmpty }),
})

export const subscriptionResponseSchema = z.object({
  id: nonEmpty,
  product: nonEmpty,
  url,
})

export const gatewayBResponseSchema = z.object({
  id: nonEmpty,
  url,
  metadata: z.object({ clientToken: nonEmpty, expiration: isoTimestamp }),
})

export const gatewayCResponseSchema = z.object({
  id: nonEmpty,
  url,
  metadata: z.object({ expiration: isoTimestamp }),
})

export const discountResponseSchema = z.object({
  authorization: nonEmpty,
  confirmation: nonEmpty,
})

export const setupResponseSchema = z.object({ token: nonEmpty })

/**
 * Each gateway product's checkout endpoint (gateways.ts names it) with its request and answer. A
 * product in the gateways' table without a line here does not compile.
 */
export const CHECKOUT_SCHEMAS = {
  gatewayASingle: {
    request: gatewayASingleRequestSchema,
    response: gatewayASingleResponseSchema,
  },
  gatewayASubscription: {
    request: subscriptionRequestSchema,
    response: subscriptionResponseSchema,
  },
  gatewayB: {
    request: gatewayBRequestSchema,
    response: gatewayBResponseSchema,
  },
  gatewayC: {
    request: gatewayCRequestSchema,
    response: gatewayCResponseSchema,
  },
} as const satisfies Record<
  CheckoutEndpointName,
  { request: z.ZodType; response: z.ZodType }
>

export type Billing = z.infer<typeof billingSchema>
export type GatewayASingleRequest = z.infer<typeof gatewayASingleRequestSchema>
export type SubscriptionRequest = z.infer<typeof subscriptionRequestSchema>
export type GatewayBOrderItem = z.infer<typeof gatewayBOrderItemSchema>
export type GatewayBRequest = z.infer<typeof gatewayBRequestSchema>
export type GatewayCRequest = z.infer<typeof gatewayCRequestSchema>
export type DiscountRequest = z.infer<typeof discountRequestSchema>
export type SetupRequest = z.infer<typeof setupRequestSchema>
export type GatewayASingleResponse = z.infer<
  typeof gatewayASingleResponseSchema
>
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>
export type GatewayBResponse = z.infer<typeof gatewayBResponseSchema>
export type GatewayCResponse = z.infer<typeof gatewayCResponseSchema>
export type DiscountResponse = z.infer<typeof discountResponseSchema>
export type SetupResponse = z.infer<typeof setupResponseSchema>
