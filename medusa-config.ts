/**
 * The development and test host for this plugin: a Medusa app whose project sources are this
 * repository's `src`, so the integration tests and `medusa develop` run the plugin's own code
 * without a build. Merchants do not use this file; their set-up is in docs/install.md.
 */
import { defineConfig, loadEnv } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

const env = (name: string, fallback: string) => process.env[name] || fallback

// Development-only defaults: the sandbox's fake tokens and a throwaway secret.
const secret = env("PAYLINK_SECRET", "development-only-secret-0123456789abcdef")
// Return links are signed with the plugin's secret only; providers take none.
const common = {
  baseUrl: env("PAYLINK_BASE_URL", "http://127.0.0.1:4010"),
  // Same names as docs/install.md#environment and .env.example.
  backendUrl: env("MEDUSA_BACKEND_URL", "http://localhost:9000"),
  timeoutMs: Number(env("PAYLINK_TIMEOUT_MS", "10000")),
}
const storefront = env("STOREFRONT_URL", "http://localhost:8000")

// What a merchant passes as the plugin's options; here the plugin's modules are registered one by
// one, so each gets them directly.
const pluginOptions = {
  secret,
  // PAYLINK_ORDER_CONFIRMED_URL / PAYLINK_PAYMENT_STEP_URL: other templates (tests of {country_code}, {locale}).
  orderConfirmedUrl: env(
    "PAYLINK_ORDER_CONFIRMED_URL",
    `${storefront}/order/{order_id}/confirmed`
  ),
  paymentStepUrl: env(
    "PAYLINK_PAYMENT_STEP_URL",
    `${storefront}/checkout?step=payment&cart_id={cart_id}`
  ),
  baseUrl: common.baseUrl,
  timeoutMs: common.timeoutMs,
  // PAYLINK_CLOCK_SKEW_MINUTES and PAYLINK_RENEWAL_GAP_MINUTES: the demo's 0 (its sandbox runs on
  // this machine's clock and charges a renewal a period early); unset, the plugin's defaults.
  ...(process.env.PAYLINK_CLOCK_SKEW_MINUTES
    ? { clockSkewMinutes: Number(process.env.PAYLINK_CLOCK_SKEW_MINUTES) }
    : {}),
  ...(process.env.PAYLINK_RENEWAL_GAP_MINUTES
    ? { renewalGapMinutes: Number(process.env.PAYLINK_RENEWAL_GAP_MINUTES) }
    : {}),
  // Development-only key; a store sets its own (openssl rand -hex 32). "none" runs without one.
  encryptionKey:
    process.env.PAYLINK_ENCRYPTION_KEY === "none"
      ? undefined
      : env(
          "PAYLINK_ENCRYPTION_KEY",
          "6d656475736120706c7567696e20706179696e6b20646576206b657920303031"
        ),
}

/**
 * Several instances (docs/install.md#several-instances-production): with PAYLINK_REDIS_URL set, the event
 * bus, workflow engine, locking and caching modules run on Redis, so instances share locks, events,
 * workflow state and scheduled jobs. PAYLINK_REDIS_PREFIX keeps one run's keys apart from another's
 * on a shared Redis (tests only; a store leaves it unset and Medusa's default names are used).
 * MEDUSA_WORKER_MODE ("shared" | "server" | "worker") picks what this process does.
 */
const redisUrl = process.env.PAYLINK_REDIS_URL
const redisPrefix = process.env.PAYLINK_REDIS_PREFIX || ""
const bullPrefix = (name: string) =>
  redisPrefix ? { prefix: `${redisPrefix}${name}` } : {}
const redisModules = redisUrl
  ? [
      {
        resolve: "@medusajs/medusa/event-bus-redis",
        options: {
          redisUrl,
          queueOptions: bullPrefix("events"),
          workerOptions: bullPrefix("events"),
        },
      },
      {
        resolve: "@medusajs/medusa/workflow-engine-redis",
        options: {
          redis: {
            redisUrl,
            queueOptions: bullPrefix("workflows"),
            workerOptions: bullPrefix("workflows"),
          },
        },
      },
      {
        resolve: "@medusajs/medusa/locking",
        options: {
          providers: [
            {
              resolve: "@medusajs/medusa/locking-redis",
              id: "locking-redis",
              is_default: true,
              options: {
                redisUrl,
                ...(redisPrefix ? { namespace: `${redisPrefix}lock:` } : {}),
              },
            },
          ],
        },
      },
      {
        resolve: "@medusajs/medusa/caching",
        options: {
          providers: [
            {
              resolve: "@medusajs/medusa/caching-redis",
              id: "caching-redis",
              is_default: true,
              options: {
                redisUrl,
                ...(redisPrefix ? { prefix: `${redisPrefix}cache:` } : {}),
              },
            },
          ],
        },
      },
    ]
  : []
/**
 * Medusa's local file provider, as defineConfig registers it by default, except for private files:
 * those (the gateway exports uploaded to reconcile, with card last 4 and authorization codes) go to
 * private-uploads/ (git-ignored), not to the static/ folder Medusa serves to anyone at /static.
 * PAYLINK_FILE_MODULE=default leaves Medusa's default (the boot-check test: the plugin warns).
 */
const PRIVATE_UPLOAD_DIR = "private-uploads"
const fileModule =
  process.env.PAYLINK_FILE_MODULE === "default"
    ? []
    : [
        {
          resolve: "@medusajs/medusa/file",
          options: {
            providers: [
              {
                resolve: "@medusajs/medusa/file-local",
                id: "local",
                options: { private_upload_dir: PRIVATE_UPLOAD_DIR },
              },
            ],
          },
        },
      ]

const workerMode = process.env.MEDUSA_WORKER_MODE as
  "shared" | "server" | "worker" | undefined

export default defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    ...(redisUrl ? { redisUrl, redisPrefix: redisPrefix || undefined } : {}),
    ...(workerMode ? { workerMode } : {}),
    http: {
      storeCors: env("STORE_CORS", storefront),
      adminCors: env("ADMIN_CORS", "http://localhost:9000"),
      authCors: env("AUTH_CORS", `${storefront},http://localhost:9000`),
      jwtSecret: env("JWT_SECRET", "supersecret"),
      cookieSecret: env("COOKIE_SECRET", "supersecret"),
    },
  },
  admin: { disable: process.env.PAYLINK_ADMIN !== "true" },
  modules: [
    ...redisModules,
    ...fileModule,
    { resolve: "./src/modules/paylink", options: pluginOptions },
    { resolve: "./src/modules/benefits", options: pluginOptions },
    // "Send to customer" of an admin payment link: the local provider writes e-mails to the log.
    {
      resolve: "@medusajs/medusa/notification",
      options: {
        providers: [
          {
            resolve: "@medusajs/medusa/notification-local",
            id: "local",
            options: { name: "Local e-mail", channels: ["email"] },
          },
        ],
      },
    },
    {
      resolve: "@medusajs/medusa/payment",
      // Providers live in the payment module's container; this lets them reach the plugin's module.
      // PAYLINK_PAYMENT_DEPENDENCIES=none leaves it out (the boot-check test: the boot must stop).
      dependencies:
        process.env.PAYLINK_PAYMENT_DEPENDENCIES === "none" ? [] : ["paylink"],
      options: {
        providers: [
          {
            resolve: "./src/providers/gateway-a",
            id: "default",
            options: {
              ...common,
              token: env("PAYLINK_TOKEN_A", "sandbox-token-a"),
              allowTransfer: true,
              installments: [3, 6],
            },
          },
          {
            resolve: "./src/providers/gateway-a",
            id: "manual",
            options: {
              ...common,
              token: env("PAYLINK_TOKEN_A", "sandbox-token-a"),
              confirmation: "manual",
              refunds: "record",
            },
          },
          {
            resolve: "./src/providers/gateway-a-subscription",
            id: "monthly",
            options: {
              ...common,
              token: env("PAYLINK_TOKEN_A", "sandbox-token-a"),
              interval: "month",
              count: 1,
            },
          },
          {
            resolve: "./src/providers/gateway-b",
            id: "default",
            options: {
              ...common,
              token: env("PAYLINK_TOKEN_B", "sandbox-token-b"),
            },
          },
          {
            resolve: "./src/providers/gateway-c",
            id: "default",
            options: {
              ...common,
              token: env("PAYLINK_TOKEN_C", "sandbox-token-c"),
            },
          },
        ],
      },
    },
  ],
})
