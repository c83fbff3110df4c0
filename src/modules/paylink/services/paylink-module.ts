/**
 * The paylink module's public service: the generated CRUD of its models and every method that
 * providers, workflows, routes and jobs call. Each method is a few lines over an internal service
 * (this directory) or the generated CRUD; none runs SQL of its own.
 */
import type { Context } from "@medusajs/framework/types"
import type { FailureDetail } from "../../../lib/paylink/failure-detail"
import { MedusaError, MedusaService } from "@medusajs/framework/utils"
import type { ReturnQuery } from "../../../lib/return/return-link"
import type { ReportPeriod } from "../../../lib/reconciliation"
import PaylinkCheckout, {
  type CheckoutStatus,
} from "../models/paylink-checkout"
import PaylinkGatewaySettings from "../models/paylink-gateway-settings"
import PaylinkReconciliation from "../models/paylink-reconciliation"
import PaylinkReconciliationBadRow from "../models/paylink-reconciliation-bad-row"
import PaylinkReconciliationEntry from "../models/paylink-reconciliation-entry"
import PaylinkReconciliationMapping from "../models/paylink-reconciliation-mapping"
import PaylinkReconciliationUpload from "../models/paylink-reconciliation-upload"
import PaylinkSubscription from "../models/paylink-subscription"
import PaylinkSubscriptionEvent from "../models/paylink-subscription-event"
import { refundedAfter, reuseRefusal } from "../utils/link-rules"
import { PAID_UNSETTLED } from "../utils/state-machine"
import type {
  BadRowInsert,
  CreatedLink,
  EntryInsert,
  OpenCheckoutInput,
  OpenLinkInput,
  ReadProgress,
  TransitionPatch,
} from "../types"
import {
  parsePluginOptions,
  type PluginOptions,
} from "../../../lib/boot/plugin-options"
import type * as GS from "../utils/gateway-settings"
import type { CheckoutRecordService } from "./checkout-records"
import type {
  GatewayCredentialService,
  GatewaySave,
} from "./gateway-credentials"
import type { ReturnLinkService } from "./return-links"
import type {
  DeletionMark,
  MappingSave,
  ReconciliationService,
} from "./reconciliations"
import type {
  AttentionMove,
  ReconciliationApplyService,
} from "./reconciliation-apply"
import type { RenewalCharge, SubscriptionService } from "./subscriptions"
import type {
  SubscriptionInsert,
  SubscriptionListFilters,
} from "../repositories/subscription-sql"
import type { OverdueInsert } from "../repositories/reconciliation-read-sql"
import type {
  ClaimedUpload,
  ReconciliationUploadService,
  UploadMark,
  UploadRecord,
} from "./reconciliation-uploads"
import type {
  Gateway,
  GatewayCheckResult,
  GatewaySettingsView,
  PaymentVerification,
} from "../../../types/paylink"
import type {
  EntryAction,
  ReconciliationGateway,
  ReconciliationMapping,
} from "../../../types/reconciliation"
import type { AttentionReason } from "../../../lib/attention/attention-reason"

type Cradle = {
  checkoutRecordService: CheckoutRecordService
  gatewayCredentialService: GatewayCredentialService
  returnLinkService: ReturnLinkService
  reconciliationService: ReconciliationService
  reconciliationApplyService: ReconciliationApplyService
  reconciliationUploadService: ReconciliationUploadService
  subscriptionService: SubscriptionService
  logger?: { warn: (message: string) => void }
}

class PaylinkModuleService extends MedusaService({
  PaylinkCheckout,
  PaylinkGatewaySettings,
  PaylinkReconciliation,
  PaylinkReconciliationEntry,
  PaylinkReconciliationBadRow,
  PaylinkReconciliationMapping,
  PaylinkReconciliationUpload,
  PaylinkSubscription,
  PaylinkSubscriptionEvent,
}) {
  protected readonly options_: PluginOptions
  protected readonly records_: CheckoutRecordService
  protected readonly gateways_: GatewayCredentialService
  protected readonly returnLinks_: ReturnLinkService
  protected readonly reconciliations_: ReconciliationService
  protected readonly apply_: ReconciliationApplyService
  protected readonly uploads_: ReconciliationUploadService
  protected readonly subscriptions_: SubscriptionService
  protected readonly logger_?: Cradle["logger"]

  constructor(container: Cradle, options: unknown) {
    super(container, options)
    this.options_ = parsePluginOptions(options)
    this.records_ = container.checkoutRecordService
    this.gateways_ = container.gatewayCredentialService
    this.returnLinks_ = container.returnLinkService
    this.reconciliations_ = container.reconciliationService
    this.apply_ = container.reconciliationApplyService
    this.uploads_ = container.reconciliationUploadService
    this.subscriptions_ = container.subscriptionService
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
    const { return_ttl_hours, backend_url, lang, ...rest } = input
    const returnExpiresAt = new Date(Date.now() + return_ttl_hours * 3_600_000)
    const record = await this.openCheckout({
      ...rest,
      return_expires_at: returnExpiresAt,
    })
    const claims = {
      session: input.payment_session_id,
      cents: input.cents,
      currency: input.currency_code.toUpperCase(),
      exp: Math.floor(returnExpiresAt.getTime() / 1000),
      ...(lang ? { lang } : {}),
    }
    return { record, ...this.returnLinks_.sign(record.id, backend_url, claims) }
  }

  /** The service's answer on the record: one UPDATE of four columns; the status stays the state machine's. */
  async confirmLink(id: string, link: CreatedLink, sharedContext?: Context) {
    await this.records_.confirm(id, link, sharedContext)
  }

  /** `unknown` when the service may have made the link anyway (no readable answer), else `failed`. */
  async failLink(
    id: string,
    reason: string,
    outcomeUnknown: boolean,
    detail: FailureDetail | null = null
  ) {
    const { record } = await this.transition(
      id,
      outcomeUnknown ? "unknown" : "failed",
      { failure_reason: reason, failure_detail: detail }
    )
    this.logger_?.warn(
      `paylink: link ${record.number} ${outcomeUnknown ? "outcome unknown" : "failed"}: ${reason}`
    )
    return record
  }

  /** The record whose link a re-created session may reuse (signed here, same charge, still payable or paid; utils/link-rules), else NOT_ALLOWED. */
  async reuseLink(
    data: Record<string, unknown>,
    expect: { gateway: string; cents: bigint; currency_code: string }
  ) {
    const id = data.paylink_checkout_id as string
    const refuse = (why: string) =>
      new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `The earlier payment link cannot be reused: ${why}.`
      )
    if (!this.returnLinks_.verifyResume(id, data.resume_sig)) {
      throw refuse("it was not issued by this store")
    }
    const before = await this.retrievePaylinkCheckout(id)
    const refusal = reuseRefusal(before, expect)
    if (refusal) {
      throw refuse(refusal)
    }
    const record =
      before.status === "withdrawn"
        ? (
            await this.transition(id, "created", {
              canceled_by: null,
              canceled_at: null,
            })
          ).record
        : before
    return record as typeof record & { checkout_id: string; url: string }
  }

  /** Checks a return address against the plugin's secret (constant-time) and its expiry. */
  verifyReturnLink(query: ReturnQuery, now?: Date) {
    return this.returnLinks_.verifyReturn(query, now)
  }

  /** The record behind a payment session's data (by its record id, else by its session id), or null. */
  async findForSessionData(
    data: Record<string, unknown> | undefined,
    sessionId?: string
  ) {
    return await this.records_.findForSession(data, sessionId)
  }

  /** The refund ledger: a refund made by hand in the gateway's dashboard, never above what was paid. */
  async recordRefund(id: string, cents: bigint) {
    const record = await this.retrievePaylinkCheckout(id)
    return await this.updatePaylinkCheckouts({
      id,
      refunded_amount: refundedAfter(record, cents),
    })
  }

  /** The record of a payment session's link; NOT_FOUND when none was made. */
  async retrieveBySession(paymentSessionId: string) {
    return await this.records_.retrieveBySession(paymentSessionId)
  }

  // ---- The record's moves (CheckoutRecordService): one compare-and-set each, on the caller's transaction

  /** Moves a record to `to` if the state machine allows it; already there: `changed` false; else NOT_ALLOWED. */
  async transition(
    id: string,
    to: CheckoutStatus,
    patch: TransitionPatch = {},
    sharedContext?: Context
  ) {
    return await this.records_.transition(id, to, patch, sharedContext)
  }

  /** Like `transition`, but a refused move is not an error: the record stays as it is. */
  async tryTransition(
    id: string,
    to: CheckoutStatus,
    patch: TransitionPatch = {},
    sharedContext?: Context
  ) {
    return await this.records_.tryTransition(id, to, patch, sharedContext)
  }

  /** A paid link the store cannot settle by itself goes to the merchant, with the reason true now. */
  async handToMerchant(
    id: string,
    reason: AttentionReason,
    sharedContext?: Context
  ) {
    await this.records_.handToMerchant(id, reason, sharedContext)
  }

  /** Replaces the reason of a record that still needs attention; false when it no longer does. */
  async restateAttention(
    id: string,
    reason: AttentionReason,
    sharedContext?: Context
  ): Promise<boolean> {
    return await this.records_.restateAttention(id, reason, sharedContext)
  }

  /** The order this link paid for was never announced (`order.placed`): owed, set before the payment is recorded. */
  async oweOrderPlacedEvent(
    id: string,
    sharedContext?: Context
  ): Promise<void> {
    await this.records_.moveOrderPlacedEvent(id, null, "owed", sharedContext)
  }

  /** Takes the owed announcement: true for exactly one caller, who then emits `order.placed`. */
  async takeOrderPlacedEvent(
    id: string,
    sharedContext?: Context
  ): Promise<boolean> {
    return await this.records_.moveOrderPlacedEvent(
      id,
      "owed",
      "emitted",
      sharedContext
    )
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
  async withdrawOpenLinksOfCart(
    cartId: string,
    keepId?: string | null
  ): Promise<{ withdrawn: number; paid: { number: number }[] }> {
    return await this.records_.withdrawOpen({ cart_id: cartId }, keepId)
  }

  /** The same for the admin's links of an order or draft order: how many were withdrawn. */
  async withdrawOpenLinksOfOrder(
    orderId: string,
    keepId?: string | null
  ): Promise<number> {
    return (
      await this.records_.withdrawOpen(
        { order_id: orderId, origin: ["order", "draft_order"] },
        keepId
      )
    ).withdrawn
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
  async prepareGatewaySave(
    gateway: string,
    input: GS.GatewaySettingsInput
  ): Promise<GatewaySave> {
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
  async checkGatewayQuietly(
    gateway: Gateway
  ): Promise<GatewayCheckResult | null> {
    return await this.gateways_.checkQuietly(gateway)
  }

  /** Every gateway as the admin sees it. */
  async gatewaySettingsView(): Promise<GatewaySettingsView[]> {
    return await this.gateways_.view()
  }

  /** What the gateway's next checkout uses: each field set in the admin, else the provider's option. */
  async effectiveGatewayConfig(
    gateway: Gateway,
    fallback: GS.GatewayFallback
  ): Promise<GS.EffectiveGatewayConfig> {
    return await this.gateways_.effectiveConfig(gateway, fallback)
  }

  /** The gateway's Test token: one real unpaid link of its minimum amount, made with the token. */
  async checkGateway(
    gateway: string,
    request: { email: string; language: "es" | "en" }
  ): Promise<GatewayCheckResult> {
    return await this.gateways_.check(gateway, request)
  }

  // ---- Reconciliation of the gateways' exports (the internal reconciliation services)

  /** The mapping kept from the gateway's last file, or null (the upload then guesses one). */
  async reconciliationMappingOf(
    gateway: ReconciliationGateway
  ): Promise<ReconciliationMapping | null> {
    return await this.reconciliations_.mappingOf(gateway)
  }

  /** Keeps the mapping for the gateway's next file (upsert on gateway); what it replaced, for the compensation. */
  async saveReconciliationMapping(
    gateway: ReconciliationGateway,
    mapping: ReconciliationMapping,
    userId: string | null,
    sharedContext?: Context
  ) {
    return await this.reconciliations_.saveMapping(
      gateway,
      mapping,
      userId,
      sharedContext
    )
  }

  /** Undoes saveReconciliationMapping. */
  async restoreReconciliationMapping(
    save: MappingSave,
    sharedContext?: Context
  ) {
    await this.reconciliations_.restoreMapping(save, sharedContext)
  }

  // ---- The background read (ReconciliationService): batched, idempotent, restartable

  /** The records a batch of references names, across every gateway: one indexed query. */
  async findReconciliationRecords(numbers: number[], checkoutIds: string[]) {
    return await this.reconciliations_.findRecords(numbers, checkoutIds)
  }

  /** One batch's entries, bad rows and progress in one transaction. */
  async writeReconciliationBatch(
    id: string,
    entries: EntryInsert[],
    badRows: BadRowInsert[],
    progress: ReadProgress
  ) {
    await this.reconciliations_.writeBatch(id, entries, badRows, progress)
  }

  /**
   * Orders with no payment in the report's period, the subscriptions' missed renewals, the counts,
   * status ready; false if already finished.
   */
  async finishReconciliationRead(
    id: string,
    gateways: string[],
    period: ReportPeriod,
    progress: ReadProgress,
    overdue: OverdueInsert[] = []
  ) {
    return await this.reconciliations_.finishRead(
      id,
      gateways,
      period,
      progress,
      overdue
    )
  }

  /** Status failed with the reason; false if the read was no longer `reading`. */
  async failReconciliationRead(id: string, error: string) {
    return await this.reconciliations_.failRead(id, error)
  }

  /** One more failed write of the batch starting at `firstLine` (0: the read's end); the failures in a row there. */
  async recordReconciliationBatchFailure(id: string, firstLine: number) {
    return await this.reconciliations_.recordBatchFailure(id, firstLine)
  }

  /** Reads whose process stopped (no progress since `before`), each claimed by one caller. */
  async claimStaleReconciliationReads(before: Date) {
    return await this.reconciliations_.claimStaleReads(before)
  }

  // ---- Applying a reconciliation (applyReconciliationWorkflow's steps): its claim, its batches, its finish

  /** `ready` (or an `applying` whose process stopped) → `applying` for exactly one caller; anything else is refused saying why. */
  async claimReconciliationApply(id: string, confirmGateway: boolean) {
    await this.apply_.claim(id, confirmGateway)
  }

  /** Undoes claimReconciliationApply: `ready` again; what was applied stays, marked on its entries. */
  async releaseReconciliationApply(id: string) {
    await this.apply_.release(id)
  }

  /** The next `limit` entries of `action` still to apply, after the entry `afterId` (null: from the first). */
  async listReconciliationEntriesToApply(
    id: string,
    action: EntryAction,
    afterId: string | null,
    limit: number
  ) {
    return await this.apply_.pending(id, action, afterId, limit)
  }

  /** One batch of paid records handed to the merchant, each from the status it was read in; entries and tally in the same transaction. */
  async applyReconciliationAttentionBatch(id: string, moves: AttentionMove[]) {
    await this.apply_.moveToAttention(id, moves)
  }

  /** One batch's verification (`to`) written where it outranks the record's; entries and tally in the same transaction. */
  async applyReconciliationVerificationBatch(
    id: string,
    to: PaymentVerification,
    entries: { entry_id: string; record_id: string }[]
  ) {
    await this.apply_.setVerification(id, to, entries)
  }

  /** `applying` → `applied`, with the admin user and the time; CONFLICT if the claim was lost. */
  /** Entries applied whose change a subscription's own write made (renewals, overdue flags). */
  async markReconciliationEntriesApplied(
    id: string,
    action: EntryAction,
    entryIds: string[],
    changedEntryIds: string[]
  ) {
    await this.apply_.markApplied(id, action, entryIds, changedEntryIds)
  }

  /** Whether renewals become orders (the subscription product's setting; on unless turned off). */
  async renewalOrdersEnabled(): Promise<boolean> {
    const [row] = await this.listPaylinkGatewaySettings(
      { gateway: "gateway_a_subscription" },
      { select: ["id", "renewal_orders"] }
    )
    return row?.renewal_orders ?? true
  }

  async finishReconciliationApply(id: string, actorId: string | null) {
    await this.apply_.finish(id, actorId)
  }

  /** Undoes finishReconciliationApply (a hook handler after it threw): `ready` again. */
  async unfinishReconciliationApply(id: string) {
    await this.apply_.unfinish(id)
  }

  /** What every run of the reconciliation's apply changed: records handed to the merchant, orders flagged. */
  async reconciliationChanges(id: string) {
    return await this.apply_.changes(id)
  }

  // ---- Deleting a failed or unapplied reconciliation (deleteReconciliationWorkflow's steps)

  /** Marks it deleted when `failed` or `ready` (the mark), else answers its status (null: none). */
  async markReconciliationDeleted(id: string) {
    return await this.reconciliations_.markDeleted(id)
  }

  /** Undoes markReconciliationDeleted. */
  async unmarkReconciliationDeleted(mark: DeletionMark) {
    await this.reconciliations_.unmarkDeleted(mark)
  }

  /** Whether a reconciliation not deleted still reads the file. */
  async reconciliationFileInUse(fileKey: string) {
    return await this.reconciliations_.fileInUse(fileKey)
  }

  /** Deletes the marked reconciliation with its entries and bad rows, and its upload's record once its file is gone. */
  async purgeDeletedReconciliation(mark: DeletionMark, fileGone: boolean) {
    await this.reconciliations_.purgeDeleted(mark, fileGone)
  }

  // ---- The stored uploads (ReconciliationUploadService): unused ones are deleted after a while

  /** Records an upload the route is about to store in the File module (before its first byte). */
  async recordReconciliationUpload(upload: UploadRecord) {
    await this.uploads_.record(upload)
  }

  /** The size and hash of an upload whose file is now stored whole. */
  async completeReconciliationUpload(
    fileKey: string,
    size: number,
    sha256: string
  ) {
    await this.uploads_.complete(fileKey, size, sha256)
  }

  /** Forgets an upload refused while arriving, its file deleted. */
  async dropReconciliationUpload(fileKey: string) {
    await this.uploads_.drop(fileKey)
  }

  /** Marks the upload a reconciliation is created from; the mark, for the compensation (null: an unrecorded upload). */
  async markReconciliationUploadUsed(fileKey: string) {
    return await this.uploads_.markUsed(fileKey)
  }

  /** Undoes markReconciliationUploadUsed, unless another create marked the upload since. */
  async unmarkReconciliationUploadUsed(mark: UploadMark) {
    await this.uploads_.unmarkUsed(mark)
  }

  /** Uploads unused (never marked, or marked `staleMarkMs` ago with no reconciliation), created before `before`, each claimed by one caller for deletion. */
  async claimOrphanReconciliationUploads(
    before: Date,
    staleClaim: Date,
    staleMarkMs: number,
    limit: number
  ) {
    return await this.uploads_.claimOrphans(
      before,
      staleClaim,
      staleMarkMs,
      limit
    )
  }

  /** The record of a claimed upload whose file is deleted; false if the claim was taken from this caller. */
  async forgetClaimedReconciliationUpload(upload: ClaimedUpload) {
    return await this.uploads_.forgetClaimed(upload)
  }

  /** A paid subscription link's subscription, from its first order; null when it has one already. */
  async createSubscription(
    input: Omit<SubscriptionInsert, "id" | "next_charge_at">
  ) {
    return await this.subscriptions_.create(input)
  }

  /** A renewal a report showed, on its subscription (once per charge instant); null: the link has none. */
  async recordSubscriptionRenewal(charge: RenewalCharge) {
    return await this.subscriptions_.recordRenewal(charge)
  }

  /** `renewal_overdue` for the expected charge, unless paid meanwhile or ended; true when it changed now. */
  async flagSubscriptionOverdue(
    recordId: string,
    expectedAt: Date,
    source: { reconciliation_id: string; entry_id: string; file_name: string }
  ) {
    return await this.subscriptions_.flagOverdue(recordId, expectedAt, source)
  }

  /** The merchant's end (refused when ended already). */
  async endSubscription(
    id: string,
    actorId: string | null,
    note: string | null
  ) {
    return await this.subscriptions_.end(id, actorId, note)
  }

  /** A renewal's order `making` → `made` / `failed`; true when it changed now. */
  async settleRenewalOrder(
    eventId: string,
    to: "made" | "failed",
    error: string | null
  ) {
    return await this.subscriptions_.settleRenewalOrder(eventId, to, error)
  }

  /** A failed renewal order, to be made again (`making`). */
  async retryRenewalOrder(eventId: string) {
    return await this.subscriptions_.retryRenewalOrder(eventId)
  }

  /** Subscriptions of these gateway products a report may find a renewal missing in. */
  async watchedSubscriptions(gateways: string[]) {
    return await this.subscriptions_.watched(gateways)
  }

  /** A reconciliation's payment instants of these links. */
  async subscriptionChargesInReport(
    reconciliationId: string,
    recordIds: string[]
  ) {
    return await this.subscriptions_.chargesInReport(
      reconciliationId,
      recordIds
    )
  }

  /** Renewal orders a stopped apply left being made, untouched since `before`. */
  async renewalsLeftMaking(before: Date) {
    return await this.subscriptions_.renewalsLeftMaking(before)
  }

  /** One page of subscriptions as the admin lists them, and how many match. */
  async listSubscriptionViews(filters: SubscriptionListFilters) {
    return await this.subscriptions_.list(filters)
  }

  /** One subscription with its timeline, as the admin shows it. */
  async retrieveSubscriptionView(id: string) {
    return await this.subscriptions_.retrieveView(id)
  }

  /** What a reconciliation's Apply will do, and did, to subscriptions (with the renewal orders setting now). */
  async reconciliationRenewals(reconciliationId: string) {
    const gap = this.options_.renewalGapMinutes
    return await this.subscriptions_.renewalsOf(
      reconciliationId,
      await this.renewalOrdersEnabled(),
      gap === undefined ? null : gap * 60_000
    )
  }

  /** The renewals a reconciliation recorded first and the overdue periods it wrote. */
  async reconciliationSubscriptionChanges(reconciliationId: string) {
    return await this.subscriptions_.changesOf(reconciliationId)
  }
}

export default PaylinkModuleService
