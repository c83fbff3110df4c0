/**
 * The payment-link records and answers as the plugin's APIs show them, one source for the server,
 * the admin and storefronts (`medusa-plugin-paylink/types`). Pure: no Medusa import.
 */
import type {
  AttentionDetail,
  AttentionReason,
} from "../lib/attention/attention-reason"
import type { Gateway } from "../lib/paylink/gateways"
import type { FailureDetail } from "../lib/paylink/failure-detail"

export type {
  AttentionCode,
  AttentionDetail,
  AttentionOrder,
  AttentionParams,
  AttentionReason,
} from "../lib/attention/attention-reason"

/** What the merchant can do now with a paid link that needs attention (the admin API computes it). */
export type AttentionAction = "place_order" | "mark_refunded"

export type { FailureCode, FailureDetail } from "../lib/paylink/failure-detail"

export {
  GATEWAYS,
  gatewayOfProvider,
  type Gateway,
} from "../lib/paylink/gateways"

/** A storefront cart's checkout, or the admin's link for an order's balance or a draft order. */
export const CHECKOUT_ORIGINS = ["storefront", "order", "draft_order"] as const
export type CheckoutOrigin = (typeof CHECKOUT_ORIGINS)[number]

/** Every state of a checkout record; the transitions are in the paylink module's state machine. */
export const CHECKOUT_STATUSES = [
  "created",
  "unknown",
  "returned",
  "canceled",
  "withdrawn",
  "expired",
  "failed",
  "completed",
  "needs_attention",
  "refunded",
] as const
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number]

/**
 * How a record stands after the reconciliations applied so far (null: never reconciled). `short`: a
 * report showed less money than the record owes, or another currency (lib/reconciliation/apply-rules.ts
 * VERIFICATION_PRECEDENCE says which replaces which).
 */
export const PAYMENT_VERIFICATIONS = [
  "verified",
  "unverified",
  "short",
] as const
export type PaymentVerification = (typeof PAYMENT_VERIFICATIONS)[number]

/** Provider ids of this plugin start with this (`pp_<identifier>_<id>`). */
export const PAYLINK_PROVIDER_PREFIX = "pp_paylink-"

/**
 * Who and what a record is about, as the merchant knows them (the admin API computes it): the
 * customer's e-mail and name, and the order or draft order with its display number.
 */
export type CheckoutSubject = {
  email: string | null
  name: string | null
  order: { id: string; display_id: number | null; draft: boolean } | null
}

/** A checkout record as the admin routes answer it (amounts in major units). */
export type PaylinkCheckout = {
  id: string
  number: number
  gateway: Gateway
  provider_id: string | null
  payment_session_id: string
  cart_id: string | null
  order_id: string | null
  origin: CheckoutOrigin
  /** The admin user who made an admin link (origin `order` or `draft_order`). */
  created_by: string | null
  checkout_id: string | null
  url: string | null
  product: string | null
  amount: number
  currency_code: string
  expires_at: string | null
  return_expires_at: string
  status: CheckoutStatus
  confirmation: "return" | "manual"
  canceled_by: "customer" | "store" | null
  failure_reason: string | null
  /** The same reason as a code and params, for the admin's language (null on links that failed before codes were kept). */
  failure_detail: FailureDetail | null
  /** Why a paid link needs the merchant (status `needs_attention`). */
  attention_reason: string | null
  /** The same reason as a code and params, for the admin's language. */
  attention_detail: AttentionDetail | null
  /** The admin API only: the actions that can succeed now (empty unless the record needs attention). */
  actions?: AttentionAction[]
  /** The admin API only: the customer and the order, in the merchant's words. */
  subject?: CheckoutSubject | null
  /** The admin API only: why Place order (Record payment) is not offered now; null when it is. */
  place_order_blocked?: AttentionReason | null
  /** The admin user who placed the order or recorded the refund by hand. */
  settled_by: string | null
  settled_at: string | null
  settlement_note: string | null
  returned_at: string | null
  canceled_at: string | null
  completed_at: string | null
  confirmed_at: string | null
  confirmed_by: string | null
  refunded_amount: number
  /** What the gateway's own report said, once a reconciliation was applied; null: never reconciled. */
  payment_verification: PaymentVerification | null
  verified_at: string | null
  verification_reconciliation_id: string | null
  created_at: string
  updated_at: string
}

/** `payment_session.data` of a payment-link session: what the storefront redirects with. */
export type PaylinkSessionData = {
  /** Hosted checkout address: redirect the customer here. */
  url: string
  checkout_id: string
  /** The link's number at the service (a serial of this store). */
  number: number
  gateway: Gateway
  /** Two-decimal text, e.g. "200.00". */
  amount: string
  currency: string
  expires_at: string | null
  product: string | null
  client_token: string | null
  session_id: string
  paylink_checkout_id: string
  description: string
}

export type AdminPaylinkCheckoutListResponse = {
  checkouts: PaylinkCheckout[]
  count: number
  offset: number
  limit: number
}
export type AdminPaylinkCheckoutResponse = { checkout: PaylinkCheckout }

/** `GET /admin/paylink/orders/:id/payment-links`: what "Create payment link" offers for an order. */
export type OrderPaymentLinkOptions = {
  order_id: string
  display_id: number | null
  origin: "order" | "draft_order"
  status: string
  currency_code: string
  email: string | null
  /** What the order still owes, in major units ("0.00" when nothing). */
  outstanding_amount: string
  /** The region's payment-link providers, and whether each takes this amount and currency. */
  providers: OrderPaymentLinkProvider[]
  /** An e-mail provider is configured: "Send to customer" can be offered. */
  can_send_email: boolean
}
/** `reason_params` fills the admin's sentence: `currencies`, `min`/`max` (major units), `items` (product names). */
export type OrderPaymentLinkReasonCode =
  "nothing_owed" | "currency" | "amount" | "not_subscription_goods"
export type OrderPaymentLinkProvider = {
  id: string
  gateway: Gateway
  available: boolean
  /** English, for the log and API readers. */
  reason: string | null
  reason_code: OrderPaymentLinkReasonCode | null
  reason_params: {
    currencies?: string
    min?: string
    max?: string
    items?: string
  }
}
/** Why a cart may not use a payment-link provider, as a code a storefront maps to its own words. */
export const CART_PAYMENT_LINK_REASON_CODES = [
  "empty_cart",
  "currency",
  "amount",
  "not_subscription_goods",
] as const
export type CartPaymentLinkReasonCode =
  (typeof CART_PAYMENT_LINK_REASON_CODES)[number]

/** As `GET /store/carts/:id/payment-link-providers` answers it; `reason` is English, `reason_code` the same as a code. */
export type CartPaymentLinkProvider = {
  id: string
  gateway: Gateway
  subscription: boolean
  available: boolean
  reason: string | null
  reason_code: CartPaymentLinkReasonCode | null
}
export type StoreCartPaymentLinkProvidersResponse = {
  payment_providers: CartPaymentLinkProvider[]
}

/** A product's subscription marks, as `/admin/paylink/products/:id/subscription` answers them. */
export type ProductSubscriptionView = {
  id: string
  title: string
  /** The product's own mark: every variant is sold by subscription. */
  subscription: boolean
  /** `subscription`: the variant's own mark; `sold_by_subscription`: its own or the product's. */
  variants: {
    id: string
    title: string
    subscription: boolean
    sold_by_subscription: boolean
  }[]
}
export type AdminProductSubscriptionResponse = {
  product: ProductSubscriptionView
}

export type AdminOrderPaymentLinkOptionsResponse = {
  options: OrderPaymentLinkOptions
}
export type AdminCreateOrderPaymentLinkResponse = {
  checkout: PaylinkCheckout
  reused: boolean
}
export type AdminSendPaymentLinkResponse = {
  checkout: PaylinkCheckout
  notification_id: string | null
}

/** Where a gateway's effective value comes from: set in the admin, or the provider's option. */
export type GatewaySettingSource = "admin" | "provider_option"

/**
 * Never the token, only whether one is set and its last 4. `effective` is what the next checkout
 * uses; a provider option's value is null when unknown or when the gateway's providers differ.
 */
export type GatewaySettingsView = {
  gateway: Gateway
  token_set: boolean
  token_last4: string | null
  path_segment: string | null
  base_url: string | null
  enabled: boolean
  /** Subscription gateway: renewals a reconciliation shows become orders (default true). */
  renewal_orders: boolean
  version: number
  updated_at: string | Date | null
  /**
   * The gateway's last test (run on every save that changed something, and by Test token), or
   * null. `kind` null: a test from before token tests, which tested the address only.
   */
  last_check: {
    ok: boolean
    at: string | Date
    kind: GatewayCheckKind | null
  } | null
  /** The last link a token test made (kept when later tests make none), or null. */
  test_link: GatewayTestLink | null
  effective: {
    enabled: boolean
    token: { source: GatewaySettingSource; set: boolean; last4: string | null }
    base_url: { source: GatewaySettingSource; value: string | null }
    path_segment: { source: GatewaySettingSource; value: string | null }
  }
}

/** `POST /admin/paylink/gateways/:gateway`: `check` is the test run after a save that changed something. */
export type GatewaySettingsSaved = {
  gateway: GatewaySettingsView
  changed: boolean
  check: GatewayCheckResult | null
  message?: string
}

/**
 * What a gateway's test tested. `token`: Test token made one real unpaid link with the token, the
 * only call of the service that proves it. `address`: the checkout endpoint called without a token
 * (the test after a save), which proves the address answers like the service, nothing about the token.
 */
export type GatewayCheckKind = "token" | "address"

/**
 * What a token test got from one address. `token_proven`: the link was made (201);
 * `token_rejected`: 401; `refused`: another status (see `status`); `unreachable`: no answer, or
 * one that cannot be read; `no_token`: no token is set for it, nothing was sent.
 */
export type GatewayTokenOutcome =
  "token_proven" | "token_rejected" | "refused" | "unreachable" | "no_token"

/** The unpaid link a token test made: what the merchant looks for in the gateway's dashboard. */
export type GatewayTestLink = {
  checkout_id: string
  url: string
  /** Taken from the payment links' own number sequence, so no order's link ever has it. */
  number: number
  /** Decimal text, e.g. "5.00". */
  amount: string
  currency: string
  description: string
  created_at: string | Date
}

/** `POST /admin/paylink/gateways/:gateway/check` (Test token), and the address test after a save. */
export type GatewayCheckResult = {
  kind: GatewayCheckKind
  /** token: every address made the test link. address: every address answered like the service. */
  ok: boolean
  /** True only when the gateway made the test link with the token: the one thing "Passed" means. */
  token_proven: boolean
  reachable: boolean
  /** The address test's finding; null on a token test. */
  rejects_without_token: boolean | null
  message: string
  /** Each address checked (several when the gateway's providers point at different ones). */
  targets: {
    url: string
    reachable: boolean
    status: number | null
    /** Token test only. */
    outcome?: GatewayTokenOutcome
    /** Token test: the answer could not be read, so a link may exist all the same. */
    outcome_unknown?: boolean
    /** Token test: the service's error message (never the token). */
    detail?: string
    test_link?: GatewayTestLink | null
  }[]
}
