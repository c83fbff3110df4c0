/**
 * The Medusa payment provider shared by the four gateway products: local checks, the record opened
 * by the paylink module, one call to the service (the subclass's job), and Medusa's session status
 * read from the record (docs/architecture.md#providers).
 */
import { AbstractPaymentProvider, MedusaError } from "@medusajs/framework/utils"
import { failureDetailOf } from "../../lib/paylink/failure-detail"
import type * as T from "@medusajs/framework/types"
import { isPaylinkError } from "../../lib/paylink/errors"
import type { GatewayProduct } from "../../lib/paylink/limits"
import { centsToDecimal, formatCents, toCents } from "../../lib/common/money"
import { toMedusaError } from "../../lib/common/medusa-errors"
import type PaylinkModuleService from "../../modules/paylink/services/paylink-module"
import { billingOf } from "./billing"
import { parseProviderOptions, type BaseProviderOptions } from "./options"
import { sessionStatusFor } from "./status"
import { chargeOf, describeLink, openLinkInput } from "./link-input"
import { gatewayFor } from "./gateway-config"
import { checkAtBoot } from "../../lib/boot/boot-check"
import { warnBackendPortMismatch } from "../../lib/boot/backend-port-check"
import { crashPoint } from "../../lib/testing/crash-point"
import {
  paylinkModuleOf,
  type CheckoutContext,
  type CheckoutResult,
  type Cradle,
  type ProviderClass,
} from "./contract"
export type { CheckoutContext, CheckoutResult } from "./contract"

export abstract class PaylinkProviderBase<
  O extends BaseProviderOptions,
> extends AbstractPaymentProvider<O> {
  protected readonly options_: O
  private readonly cradle_: Cradle
  protected readonly label: string
  /** Which currency and amount rules apply (docs/service.md §6), and the record's `gateway`. */
  protected abstract readonly gateway: GatewayProduct
  protected abstract createCheckout(
    ctx: CheckoutContext
  ): Promise<CheckoutResult>

  /** Medusa calls this when it loads the provider, so bad options fail the boot, not a checkout. */
  static validateOptions(
    this: ProviderClass,
    options: Record<string, unknown>
  ): void {
    const parsed = checkAtBoot(() =>
      parseProviderOptions(this.optionsSchema, options, this.label)
    ) as BaseProviderOptions
    // A local backendUrl on another port than the server's: every return would reach nothing.
    warnBackendPortMismatch(parsed.backendUrl)
  }

  constructor(cradle: Record<string, unknown>, options: O) {
    super(cradle, options)
    const cls = this.constructor as unknown as ProviderClass
    this.options_ = parseProviderOptions(
      cls.optionsSchema,
      options,
      cls.label
    ) as O
    this.cradle_ = cradle as Cradle
    this.label = cls.label
  }

  private get paylink(): PaylinkModuleService {
    return paylinkModuleOf(this.cradle_, this.label)
  }

  async initiatePayment(
    input: T.InitiatePaymentInput
  ): Promise<T.InitiatePaymentOutput> {
    // Every local rule is checked before anything is written or sent.
    const { data, sessionId, cents, currency } = chargeOf(
      input,
      this.gateway,
      this.label
    )
    if (typeof data.paylink_checkout_id === "string") {
      // Medusa re-creates a deleted session with its old data (compensation): same link, no new checkout.
      const record = await this.paylink.reuseLink(data, {
        gateway: this.gateway,
        cents,
        currency_code: currency,
      })
      return {
        id: record.checkout_id,
        status: "pending",
        data: {
          ...data,
          session_id: sessionId,
          paylink_checkout_id: record.id,
        },
      }
    }
    const billing = billingOf(data)
    const opts = this.options_
    // The admin's settings, read now (a save counts at once on every instance); disabled: refused here.
    const { client, token } = await gatewayFor(
      this.paylink,
      this.gateway,
      this.label,
      (this.constructor as unknown as ProviderClass).pathSegment,
      opts
    )
    const { record, successUrl, cancelUrl, resumeSig } =
      await this.paylink.openLink(
        openLinkInput({ data, sessionId, cents, currency }, this.gateway, opts)
      )
    const description = describeLink(data, opts.description, record.number)
    let result: CheckoutResult
    try {
      const base = {
        number: record.number,
        description,
        amount: centsToDecimal(cents),
        billing,
      }
      result = await this.createCheckout({
        base,
        description,
        cents,
        currency,
        successUrl,
        cancelUrl,
        data,
        client,
        token,
      })
    } catch (error) {
      const typed = toMedusaError(error)
      // Without a readable answer the service may have made the link: `unknown`, not `failed`.
      await this.paylink.failLink(
        record.id,
        `${this.label}: ${typed.message}`,
        isPaylinkError(error) && error.outcomeUnknown === true,
        failureDetailOf(error, this.gateway, isPaylinkError(error))
      )
      throw typed
    }
    const {
      checkoutId,
      url,
      product = null,
      expiresAt = null,
      clientToken = null,
    } = result
    await crashPoint("link:answered")
    await this.paylink.confirmLink(record.id, {
      checkout_id: checkoutId,
      url,
      product,
      expires_at: expiresAt,
    })
    // Keys the return flow relies on are set here, so storefront data can never override them.
    const keys = {
      session_id: sessionId,
      paylink_checkout_id: record.id,
      resume_sig: resumeSig,
      gateway: this.gateway,
      number: record.number,
    }
    const link = {
      checkout_id: checkoutId,
      url,
      amount: formatCents(cents),
      currency,
      expires_at: expiresAt,
      product,
      client_token: clientToken,
    }
    return {
      id: checkoutId,
      status: "pending",
      data: { ...keys, ...link, billing, description },
    }
  }

  private async recordOf(input: {
    data?: Record<string, unknown>
    context?: { idempotency_key?: string }
  }) {
    return await this.paylink.findForSessionData(
      input.data,
      input.context?.idempotency_key
    )
  }

  /** Answers from the record, which only a verified return or the merchant moves; never from data. */
  async authorizePayment(
    input: T.AuthorizePaymentInput
  ): Promise<T.AuthorizePaymentOutput> {
    const record = await this.recordOf(input)
    if (record?.status === "returned") {
      await crashPoint("return:order-created")
    }
    return {
      status: sessionStatusFor(record),
      data: { ...input.data, paylink_status: record?.status ?? null },
    }
  }

  async getPaymentStatus(
    input: T.GetPaymentStatusInput
  ): Promise<T.GetPaymentStatusOutput> {
    return {
      status: sessionStatusFor(await this.recordOf(input)),
      data: input.data,
    }
  }

  /** The gateway captures when the customer pays: nothing is left to capture. */
  async capturePayment(
    input: T.CapturePaymentInput
  ): Promise<T.CapturePaymentOutput> {
    return { data: input.data }
  }

  /** The store withdraws the link; one the customer already paid through keeps its state. */
  async cancelPayment(
    input: T.CancelPaymentInput
  ): Promise<T.CancelPaymentOutput> {
    const record = await this.recordOf(input)
    if (record) {
      await this.paylink.withdraw(record.id)
    }
    return { data: input.data }
  }

  /** Medusa deletes sessions when the cart's total changes: the old link must not pay any more. */
  async deletePayment(
    input: T.DeletePaymentInput
  ): Promise<T.DeletePaymentOutput> {
    return await this.cancelPayment(input)
  }

  async refundPayment(
    input: T.RefundPaymentInput
  ): Promise<T.RefundPaymentOutput> {
    if (this.options_.refunds !== "record") {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `${this.label} has no refund call: refund the customer in the gateway's dashboard. To record such a refund in Medusa, set the provider option refunds: "record".`
      )
    }
    const record = await this.recordOf(input)
    if (record) {
      await this.paylink.recordRefund(record.id, toCents(input.amount))
    }
    return { data: input.data }
  }

  async retrievePayment(
    input: T.RetrievePaymentInput
  ): Promise<T.RetrievePaymentOutput> {
    const record = await this.recordOf(input)
    return {
      data: {
        ...input.data,
        record: record ? JSON.parse(JSON.stringify(record)) : null,
      },
    }
  }

  /** A link is made for one amount and currency: an update that changes either is refused. */
  async updatePayment(
    input: T.UpdatePaymentInput
  ): Promise<T.UpdatePaymentOutput> {
    const record = await this.recordOf(input)
    if (
      record &&
      (toCents(record.amount) !== toCents(input.amount) ||
        record.currency_code !== input.currency_code.toLowerCase())
    ) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "A payment link cannot change its amount or currency: create a new payment session instead."
      )
    }
    return { data: input.data }
  }

  /** The service sends no webhooks; the return route is the only signal. */
  async getWebhookActionAndData(
    _payload: T.ProviderWebhookPayload["payload"]
  ): Promise<T.WebhookActionResult> {
    return { action: "not_supported" }
  }
}
