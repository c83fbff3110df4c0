/**
 * The paylink module's public service, split the way Medusa's core modules are: this class keeps
 * the public methods (what providers, workflows, routes and jobs call), and the work is done by the
 * module's internal services (./services): the record's life (CheckoutRecordService), return-link
 * signing (ReturnLinkService) and the gateway-credential store (GatewayCredentialService).
 */
import type { Context } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import type { ReturnQuery } from "../../lib/return/return-link"
import type { CheckoutStatus } from "./models/paylink-checkout"
import { PaylinkReconciliationMethods } from "./service-reconciliations"
import { refundedAfter, reuseRefusal } from "./link-rules"
import { PAID_UNSETTLED } from "./state-machine"
import type { CreatedLink, OpenCheckoutInput, OpenLinkInput, TransitionPatch } from "./types"
import { parsePluginOptions, type PluginOptions } from "../../lib/boot/plugin-options"
import type * as GS from "./gateway-settings"
import type { CheckoutRecordService } from "./services/checkout-records"
import type { GatewayCredentialService, GatewaySave } from "./services/gateway-credentials"
import type { ReturnLinkService } from "./services/return-links"
import type { Gateway, GatewayCheckResult, GatewaySettingsView } from "../../types/paylink"
import type { AttentionReason } from "../../lib/attention/attention-reason"

export type { CreatedLink, OpenCheckoutInput, OpenLinkInput, TransitionPatch } from "./types"

type Cradle = ConstructorParameters<typeof PaylinkReconciliationMethods>[0] & {
  checkoutRecordService: CheckoutRecordService
  gatewayCredentialService: GatewayCredentialService
  returnLinkService: ReturnLinkService
  logger?: { warn: (message: string) => void }
}

class PaylinkModuleService extends PaylinkReconciliationMethods {
  protected readonly options_: PluginOptions
  protected readonly records_: CheckoutRecordService
  protected readonly gateways_: GatewayCredentialService
  protected readonly returnLinks_: ReturnLinkService
  protected readonly logger_?: Cradle["logger"]

  constructor(container: Cradle, options: unknown) {
    super(container, options)
    this.options_ = parsePluginOptions(options)
    this.records_ = container.checkoutRecordService
    this.gateways_ = container.gatewayCredentialService
    this.returnLinks_ = container.returnLinkService
    this.logger_ = container.logger
  }

  /** The plugin options, validated. Routes read them here: modules are where plugin options land. */
  getPluginOptions(): PluginOptions {
    return this.options_
  }

  /** Writes the record before the upstream call (`number`: the insert's serial); a second one for a session: DUPLICATE_ERROR. */
  async openCheckout(input: OpenCheckoutInput, sharedContext?: Context) {
    return await this.records_.open(input, sharedContext)
  }

  /** Writes the record (before any call to the service: a crash mid-call leaves a trace) and signs its return addresses. */
  async openLink(input: OpenLinkInput) {
    const { return_ttl_hours, backend_url, ...rest } = input
    const returnExpiresAt = new Date(Date.now() + return_ttl_hours * 3_600_000)
    const record = await this.openCheckout({ ...rest, return_expires_at: returnExpiresAt })
    const claims = {
      session: input.payment_session_id,
      cents: input.cents,
      currency: input.currency_code.toUpperCase(),
      exp: Math.floor(returnExpiresAt.getTime() / 1000),
    }
    return { record, ...this.returnLinks_.sign(record.id, backend_url, claims) }
  }

  /** The service's answer on the record: one UPDATE of four columns; the status stays the state machine's. */
  async confirmLink(id: string, link: CreatedLink, sharedContext?: Context) {
    await this.records_.confirm(id, link, sharedContext)
  }

  /** `unknown` when the service may have made the link anyway (no readable answer), else `failed`. */
  async failLink(id: string, reason: string, outcomeUnknown: boolean) {
    const { record } = await this.transition(id, outcomeUnknown ? "unknown" : "failed", { failure_reason: reason })
    this.logger_?.warn(`paylink: link ${record.number} ${outcomeUnknown ? "outcome unknown" : "failed"}: ${reason}`)
    return record
  }

  /**
   * The record whose link a re-created session may reuse (Medusa's compensation hands back the
   * deleted session's data): only one this store signed (`resume_sig`), for the same gateway,
   * amount and currency, that the service confirmed and the customer can still pay or has paid.
   * A withdrawn one is live again. Anything else is refused: no second checkout is ever made.
   */
  async reuseLink(data: Record<string, unknown>, expect: { gateway: string; cents: bigint; currency_code: string }) {
    const id = data.paylink_checkout_id as string
    const refuse = (why: string) => new MedusaError(MedusaError.Types.NOT_ALLOWED, `The earlier payment link cannot be reused: ${why}.`)
    if (!this.returnLinks_.verifyResume(id, data.resume_sig)) {
      throw refuse("it was not issued by this store")
    }
    const before = await this.retrievePaylinkCheckout(id)
    const refusal = reuseRefusal(before, expect)
    if (refusal) {
      throw refuse(refusal)
    }
    const record =
      before.status === "withdrawn" ? (await this.transition(id, "created", { canceled_by: null, canceled_at: null })).record : before
    return record as typeof record & { checkout_id: string; url: string }
  }

  /** Checks a return address against the plugin's secret (constant-time) and its expiry. */
  verifyReturnLink(query: ReturnQuery, now?: Date) {
    return this.returnLinks_.verifyReturn(query, now)
  }

  /** The record behind a payment session's data (by its record id, else by its session id), or null. */
  async findForSessionData(data: Record<string, unknown> | undefined, sessionId?: string) {
    return await this.records_.findForSession(data, sessionId)
  }

  /** The refund ledger: a refund made by hand in the gateway's dashboard, never above what was paid. */
  async recordRefund(id: string, cents: bigint) {
    const record = await this.retrievePaylinkCheckout(id)
    return await this.updatePaylinkCheckouts({ id, refunded_amount: refundedAfter(record, cents) })
  }

  /** The record of a payment session's link; NOT_FOUND when none was made. */
  async retrieveBySession(paymentSessionId: string) {
    return await this.records_.retrieveBySession(paymentSessionId)
  }

  // ---- The record's moves (CheckoutRecordService): one compare-and-set each, on the caller's transaction

  /** Moves a record to `to` if the state machine allows it; already there: `changed` false; else NOT_ALLOWED. */
  async transition(id: string, to: CheckoutStatus, patch: TransitionPatch = {}, sharedContext?: Context) {
    return await this.records_.transition(id, to, patch, sharedContext)
  }

  /** Like `transition`, but a refused move is not an error: the record stays as it is. */
  async tryTransition(id: string, to: CheckoutStatus, patch: TransitionPatch = {}, sharedContext?: Context) {
    return await this.records_.tryTransition(id, to, patch, sharedContext)
  }

  /** A paid link the store cannot settle by itself goes to the merchant, with the reason true now. */
  async handToMerchant(id: string, reason: AttentionReason, sharedContext?: Context) {
    await this.records_.handToMerchant(id, reason, sharedContext)
  }

  /** Replaces the reason of a record that still needs attention; false when it no longer does. */
  async restateAttention(id: string, reason: AttentionReason, sharedContext?: Context): Promise<boolean> {
    return await this.records_.restateAttention(id, reason, sharedContext)
  }

  /** The order this link paid for was never announced (`order.placed`): owed, set before the payment is recorded. */
  async oweOrderPlacedEvent(id: string, sharedContext?: Context): Promise<void> {
    await this.records_.moveOrderPlacedEvent(id, null, "owed", sharedContext)
  }

  /** Takes the owed announcement: true for exactly one caller, who then emits `order.placed`. */
  async takeOrderPlacedEvent(id: string, sharedContext?: Context): Promise<boolean> {
    return await this.records_.moveOrderPlacedEvent(id, "owed", "emitted", sharedContext)
  }

  /** The store no longer wants this link; one with a verified return, or settled, is left as it is. */
  async withdraw(id: string, sharedContext?: Context) {
    return await this.records_.withdraw(id, sharedContext)
  }

  // ---- Sweeps: every link of a cart or order, and the job's batches

  /**
   * Every earlier link of the cart that may still be open at the service is withdrawn, except
   * `keepId`; `paid` names the cart's paid links the store has not settled.
   */
  async withdrawOpenLinksOfCart(cartId: string, keepId?: string | null): Promise<{ withdrawn: number; paid: { number: number }[] }> {
    return await this.records_.withdrawOpen({ cart_id: cartId }, keepId)
  }

  /** The same for the admin's links of an order or draft order: how many were withdrawn. */
  async withdrawOpenLinksOfOrder(orderId: string, keepId?: string | null): Promise<number> {
    return (await this.records_.withdrawOpen({ order_id: orderId, origin: ["order", "draft_order"] }, keepId)).withdrawn
  }

  /** The cart's paid links the store has not settled yet: while there is one, the cart gets no new link. */
  async listPaidUnsettledOfCart(cartId: string) {
    return await this.listPaylinkCheckouts(
      { cart_id: cartId, status: [...PAID_UNSETTLED] },
      { select: ["id", "number", "status"], order: { number: "ASC" } }
    )
  }

  /** Verified returns never finished (the process stopped before the order or payment), returned before `before`. */
  async listStrandedReturns(before: Date) {
    return await this.listPaylinkCheckouts(
      { status: "returned", returned_at: { $lt: before } },
      { select: ["id", "number", "cart_id", "order_id", "origin"], take: 1000 }
    )
  }

  /** Links the service never answered for, opened before `before`: `unknown`, then withdrawn. */
  async withdrawUnanswered(before: Date): Promise<number> {
    return await this.records_.withdrawUnanswered(before)
  }

  /** Marks as expired the open links whose return links are no longer accepted. */
  async expireOverdue(now: Date): Promise<number> {
    return await this.records_.expireOverdue(now)
  }

  // ---- Gateway credentials set in the admin (GatewayCredentialService; provider options are the fallback)

  /** A save checked against the row as it is (a 400 naming every field), the token sealed; run by the save workflow. */
  async prepareGatewaySave(gateway: string, input: GS.GatewaySettingsInput): Promise<GatewaySave> {
    return await this.gateways_.prepareSave(gateway, input)
  }

  /** Writes a prepared save over the row it was checked against (compare-and-set on its version). */
  async writeGatewaySettings(save: GatewaySave) {
    return await this.gateways_.write(save)
  }

  /** Puts the gateway's row back as the save found it (compensation). */
  async restoreGatewaySettings(save: GatewaySave, createdId: string | null) {
    await this.gateways_.restore(save, createdId)
  }

  /** The gateway as the admin sees it. */
  async gatewayView(gateway: Gateway): Promise<GatewaySettingsView> {
    return await this.gateways_.viewOne(gateway)
  }

  /** The Test after a save: null when the gateway has no address to test. */
  async checkGatewayQuietly(gateway: Gateway): Promise<GatewayCheckResult | null> {
    return await this.gateways_.checkQuietly(gateway)
  }

  async gatewaySettingsView(): Promise<GatewaySettingsView[]> {
    return await this.gateways_.view()
  }

  async effectiveGatewayConfig(gateway: Gateway, fallback: GS.GatewayFallback): Promise<GS.EffectiveGatewayConfig> {
    return await this.gateways_.effectiveConfig(gateway, fallback)
  }

  /** The gateway's Test (docs/service.md §3.3): see GatewayCredentialService.check. */
  async checkGateway(gateway: string): Promise<GatewayCheckResult> {
    return await this.gateways_.check(gateway)
  }
}

export default PaylinkModuleService
