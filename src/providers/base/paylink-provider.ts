/**
 * Shared behaviour of the four gateway products. Subclasses only say which options they take and
 * how their checkout request looks; everything that must be the same everywhere (validation
 * before any network call, the record written before the upstream call, signed return links, the
 * one status map, typed errors) lives here.
 */
import { createHash, timingSafeEqual } from "node:crypto"
import { AbstractPaymentProvider, MedusaError } from "@medusajs/framework/utils"
import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  DeletePaymentInput,
  DeletePaymentOutput,
  GetPaymentStatusInput,
  GetPaymentStatusOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  Logger,
  ProviderWebhookPayload,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import type { z } from "@medusajs/framework/zod"
import { PaylinkClient } from "../../lib/paylink/client"
import type { PathSegments } from "../../lib/paylink/endpoints"
import { checkLimits, type GatewayProduct } from "../../lib/paylink/limits"
import type { Billing } from "../../lib/paylink/schemas"
import { buildReturnUrl, signResume, verifyResume } from "../../lib/return-link"
import { isPaylinkError } from "../../lib/paylink/errors"
import { centsToDecimal, formatCents, toCents } from "../../lib/money"
import type PaylinkModuleService from "../../modules/paylink/service"
import { resolveBilling } from "./billing"
import { toMedusaError } from "../../lib/medusa-errors"
import { parseProviderOptions, type BaseProviderOptions } from "./options"
import { sessionStatusFor } from "./status"

/** What a subclass needs to build its request. */
export type CheckoutContext = {
  /** The fields every checkout request shares (spec 2.1), ready to spread into the body. */
  base: { number: number; description: string; amount: number; billing: Billing }
  description: string
  cents: bigint
  currency: string
  successUrl: string
  cancelUrl: string
  /** Session data; only cosmetic keys (e.g. order_items) may be read from it. */
  data: Record<string, unknown>
}

/** What a subclass returns from the service's answer. */
export type CheckoutResult = {
  checkoutId: string
  url: string
  expiresAt?: string
  product?: string
  clientToken?: string
}

type ProviderClass = {
  optionsSchema: z.ZodType
  label: string
  /** Which of the service's path segments the `gatewayPath` option replaces. */
  pathSegment: keyof PathSegments
}

type Cradle = { logger?: Logger; paylink?: PaylinkModuleService }

export abstract class PaylinkProviderBase<O extends BaseProviderOptions> extends AbstractPaymentProvider<O> {
  protected readonly options_: O
  protected readonly client_: PaylinkClient
  protected readonly cradle_: Cradle

  /** Which rules of spec sections 4 and 8 apply. */
  protected abstract readonly product: GatewayProduct

  protected abstract createCheckout(ctx: CheckoutContext): Promise<CheckoutResult>

  /** Medusa calls this when it loads the provider, so bad options fail the boot, not a checkout. */
  static validateOptions(this: ProviderClass, options: Record<string, unknown>): void {
    parseProviderOptions(this.optionsSchema, options, this.label)
  }

  constructor(cradle: Record<string, unknown>, options: O) {
    super(cradle, options)
    const cls = this.constructor as unknown as ProviderClass
    this.options_ = parseProviderOptions(cls.optionsSchema, options, cls.label) as O
    this.cradle_ = cradle as Cradle
    this.client_ = new PaylinkClient({
      baseUrl: this.options_.baseUrl,
      timeoutMs: this.options_.timeoutMs,
      paths: this.options_.gatewayPath ? { [cls.pathSegment]: this.options_.gatewayPath } : {},
    })
  }

  protected get label(): string {
    return (this.constructor as unknown as ProviderClass).label
  }

  /**
   * The plugin's paylink module. Providers are built in the payment module's container, which
   * holds other modules only when they are listed in its `dependencies`.
   */
  protected get paylink(): PaylinkModuleService {
    let service: PaylinkModuleService | undefined
    try {
      service = this.cradle_.paylink
    } catch {
      service = undefined
    }
    if (!service) {
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `The ${this.label} payment provider cannot reach the paylink module: add dependencies: ["paylink"] ` +
          `to the @medusajs/medusa/payment module in medusa-config, and register the medusa-plugin-paylink plugin.`
      )
    }
    return service
  }

  async initiatePayment(input: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    const data = (input.data ?? {}) as Record<string, unknown>
    const sessionId = input.context?.idempotency_key ?? (typeof data.session_id === "string" ? data.session_id : "")
    if (!sessionId) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "A payment link needs the payment session id.")
    }
    // Every rule that can be checked locally is checked before anything is written or sent.
    const currency = String(input.currency_code ?? "").toUpperCase()
    let cents: bigint
    try {
      cents = toCents(input.amount)
    } catch {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "amount must be a number.")
    }
    const violation = checkLimits(this.product, this.label, currency, cents)
    if (violation) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `${violation.field}: ${violation.message}`)
    }
    this.assertSameSecretAsPlugin()
    if (typeof data.paylink_checkout_id === "string") {
      // Medusa re-creates a session it deleted (compensation), handing back that session's data:
      // the link already exists at the service, so it is reused, never created a second time.
      return await this.resumeLink(data, sessionId, cents, currency)
    }
    const billing = resolveBilling(data, input.context?.customer)

    const opts = this.options_
    const returnExpiresAt = new Date(Date.now() + opts.returnLinkTtlHours * 3_600_000)
    const record = await this.paylink.openCheckout({
      gateway: this.product,
      payment_session_id: sessionId,
      // Both come from the payment-link workflow, which builds the session data on the server.
      cart_id: typeof data.cart_id === "string" ? data.cart_id : null,
      provider_id: typeof data.provider_id === "string" && data.provider_id.startsWith("pp_paylink-") ? data.provider_id : null,
      cents,
      currency_code: currency,
      return_expires_at: returnExpiresAt,
      confirmation: opts.confirmation,
      success_redirect: opts.orderConfirmedUrl ?? null,
      cancel_redirect: opts.paymentStepUrl ?? null,
    })

    const claims = { session: sessionId, cents, currency, exp: Math.floor(returnExpiresAt.getTime() / 1000) }
    const description = this.describe(data, record.number)
    let result: CheckoutResult
    try {
      result = await this.createCheckout({
        base: { number: record.number, description, amount: centsToDecimal(cents), billing },
        description,
        cents,
        currency,
        successUrl: buildReturnUrl(opts.backendUrl, opts.secret, { ...claims, outcome: "success" }),
        cancelUrl: buildReturnUrl(opts.backendUrl, opts.secret, { ...claims, outcome: "cancel" }),
        data,
      })
    } catch (error) {
      const typed = toMedusaError(error)
      // Without an answer the service may still have made the link; its signed return links exist,
      // so a customer who pays it is honoured. `failed` is only for a refusal we were told about.
      const unknown = isPaylinkError(error) && error.outcomeUnknown === true
      await this.paylink.transition(record.id, unknown ? "unknown" : "failed", { failure_reason: typed.message })
      this.logger?.warn(`paylink: ${this.label} link ${record.number} ${unknown ? "outcome unknown" : "failed"}: ${typed.message}`)
      throw typed
    }

    await this.paylink.updatePaylinkCheckouts({
      id: record.id,
      checkout_id: result.checkoutId,
      url: result.url,
      product: result.product ?? null,
      expires_at: result.expiresAt ? new Date(result.expiresAt) : null,
    })

    return {
      id: result.checkoutId,
      status: "pending",
      data: {
        // Keys the return flow relies on are set here, so storefront data can never override them.
        session_id: sessionId,
        paylink_checkout_id: record.id,
        resume_sig: signResume(opts.secret, record.id),
        gateway: this.product,
        number: record.number,
        checkout_id: result.checkoutId,
        url: result.url,
        amount: formatCents(cents),
        currency,
        expires_at: result.expiresAt ?? null,
        product: result.product ?? null,
        client_token: result.clientToken ?? null,
        billing,
        description,
      },
    }
  }

  /**
   * Gives a re-created session the link its deleted session had. Only a link this store signed
   * (`resume_sig`), for the same product, amount and currency, that the customer can still pay or
   * has paid; anything else is refused, and no checkout is ever created in its place.
   */
  private async resumeLink(
    data: Record<string, unknown>,
    sessionId: string,
    cents: bigint,
    currency: string
  ): Promise<InitiatePaymentOutput> {
    const id = data.paylink_checkout_id as string
    const refuse = (why: string) =>
      new MedusaError(MedusaError.Types.NOT_ALLOWED, `The earlier payment link cannot be reused: ${why}.`)
    if (typeof data.resume_sig !== "string" || !verifyResume(this.options_.secret, id, data.resume_sig)) {
      throw refuse("it was not issued by this store")
    }
    let record = await this.paylink.retrievePaylinkCheckout(id)
    if (record.gateway !== this.product || toCents(record.amount) !== cents || record.currency_code !== currency) {
      throw refuse(`link ${record.number} was made for another gateway or amount`)
    }
    const checkoutId = record.checkout_id
    if (!record.url || !checkoutId) {
      throw refuse(`link ${record.number} was never confirmed by the service`)
    }
    if (record.status === "withdrawn") {
      record = (await this.paylink.transition(id, "created", { canceled_by: null, canceled_at: null })).record
    }
    if (!["created", "unknown", "canceled", "returned", "needs_attention"].includes(record.status)) {
      throw refuse(`link ${record.number} is ${record.status}`)
    }
    return {
      id: checkoutId,
      status: "pending",
      data: { ...data, session_id: sessionId, paylink_checkout_id: record.id },
    }
  }

  /**
   * The return route verifies with the plugin's secret; a provider signing with another one would
   * make every return fail after the customer has paid. Refuse before a link is made.
   */
  private assertSameSecretAsPlugin() {
    const pluginSecret = this.paylink.getPluginOptions().secret
    const digest = (s: string) => createHash("sha256").update(s).digest()
    if (!timingSafeEqual(digest(pluginSecret), digest(this.options_.secret))) {
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `The ${this.label} provider's secret differs from the medusa-plugin-paylink plugin's secret: set both to the same value.`
      )
    }
  }

  protected describe(data: Record<string, unknown>, number: number): string {
    const fromData = typeof data.description === "string" ? data.description.trim() : ""
    const template = this.options_.description ?? "Order {number}"
    return (fromData || template.replace(/\{number\}/g, String(number))).slice(0, 250)
  }

  protected get logger(): Logger | undefined {
    try {
      return this.cradle_.logger
    } catch {
      return undefined
    }
  }

  /**
   * The session's record: by the record id the provider itself put in the session data (a
   * re-created session keeps its link), else by the session id the link was made for.
   */
  private async recordOf(input: { data?: Record<string, unknown>; context?: { idempotency_key?: string } }) {
    const recordId = input.data?.paylink_checkout_id
    if (typeof recordId === "string") {
      const [record] = await this.paylink.listPaylinkCheckouts({ id: recordId })
      if (record) {
        return record
      }
    }
    const fromData = input.data?.session_id
    const sessionId = typeof fromData === "string" ? fromData : input.context?.idempotency_key
    if (!sessionId) {
      return null
    }
    const [record] = await this.paylink.listPaylinkCheckouts({ payment_session_id: sessionId })
    return record ?? null
  }

  /** Answers from the record that only a verified return (or the merchant) moves; never from data. */
  async authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    const record = await this.recordOf(input)
    if (!record) {
      return { status: "error", data: input.data }
    }
    return { status: sessionStatusFor(record), data: { ...input.data, paylink_status: record.status } }
  }

  async getPaymentStatus(input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    const record = await this.recordOf(input)
    return { status: record ? sessionStatusFor(record) : "error", data: input.data }
  }

  /** The gateway captures when the customer pays: there is nothing left to capture. */
  async capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    return { data: input.data }
  }

  /** The store withdraws the link; one the customer already paid through keeps its state. */
  async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    const record = await this.recordOf(input)
    if (record) {
      await this.paylink.withdraw(record.id)
    }
    return { data: input.data }
  }

  /** Medusa deletes sessions when the cart's total changes: the old link must not pay any more. */
  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    return await this.cancelPayment(input)
  }

  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    if (this.options_.refunds !== "record") {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `${this.label} has no refund call: refund the customer in the gateway's dashboard. To record such a ` +
          `refund in Medusa, set the provider option refunds: "record".`
      )
    }
    const record = await this.recordOf(input)
    if (record && record.status !== "completed") {
      // Medusa refunds on its own when a cart completion fails after the payment was authorized;
      // nothing was refunded at the gateway, so nothing is recorded: the merchant settles the link.
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Payment link ${record.number} is ${record.status}: only a link whose order was placed can record a refund.`
      )
    }
    if (record) {
      const refunded = toCents(record.refunded_amount ?? 0) + toCents(input.amount)
      if (refunded > toCents(record.amount)) {
        throw new MedusaError(
          MedusaError.Types.INVALID_DATA,
          `amount: refunds would total ${formatCents(refunded)}, more than the ${formatCents(toCents(record.amount))} paid.`
        )
      }
      await this.paylink.updatePaylinkCheckouts({ id: record.id, refunded_amount: Number(formatCents(refunded)) })
    }
    return { data: input.data }
  }

  async retrievePayment(input: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    const record = await this.recordOf(input)
    if (!record) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, "No payment link exists for this payment session.")
    }
    return { data: { ...input.data, record: JSON.parse(JSON.stringify(record)) } }
  }

  /**
   * A link is made for one amount and currency. Medusa replaces sessions when the cart changes, so
   * an update that changes either is refused rather than silently leaving a stale link.
   */
  async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    const record = await this.recordOf(input)
    if (
      record &&
      (toCents(record.amount) !== toCents(input.amount) || record.currency_code !== input.currency_code.toUpperCase())
    ) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "A payment link cannot change its amount or currency: create a new payment session instead."
      )
    }
    return { data: input.data }
  }

  /** The service sends no webhooks; the return route is the only signal. */
  async getWebhookActionAndData(_payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    return { action: "not_supported" }
  }
}
