import { MedusaError, MedusaService } from "@medusajs/framework/utils"
import { GATEWAYS } from "../../types/paylink"
import { echo } from "../../lib/echo"
import { buildReturnUrl, signResume, verifyResume, verifyReturn, type ReturnQuery } from "../../lib/return-link"
import PaylinkCheckout, { CheckoutStatus } from "./models/paylink-checkout"
import { canTransition, PAYABLE, sourcesOf } from "./state-machine"
import {
  compareAndSetAttentionReason,
  compareAndSetGatewaySettings,
  compareAndSetOrderPlacedEvent,
  compareAndSetStatus,
  type Manager,
} from "./compare-and-set"
import { refundedAfter, reuseRefusal } from "./link-rules"
import { insertCheckout } from "./insert-checkout"
import type { CreatedLink, OpenCheckoutInput, OpenLinkInput, TransitionPatch } from "./types"
import { parsePluginOptions, type PluginOptions } from "../../lib/plugin-options"
import { SecretBox } from "../../lib/secret-box"
import PaylinkGatewaySettings from "./models/paylink-gateway-settings"
import * as GS from "./gateway-settings"
import { checkGatewayTargets, recordGatewayCheck } from "./gateway-check"
import { announcedFallbacks } from "./announced-fallbacks"
import type { Gateway, GatewayCheckResult, GatewaySettingsSaved, GatewaySettingsView } from "../../types/paylink"
import type { AttentionReason } from "../../lib/attention-reason"

export type { CreatedLink, OpenCheckoutInput, OpenLinkInput, TransitionPatch } from "./types"

class PaylinkModuleService extends MedusaService({ PaylinkCheckout, PaylinkGatewaySettings }) {
  protected readonly options_: PluginOptions
  protected readonly box_: SecretBox | null
  /** What each gateway's providers were configured with (no token), for the admin's view and check. */
  private readonly fallbacks_ = new Map<Gateway, Map<string, GS.RegisteredFallback>>()
  protected readonly manager_: Manager
  protected readonly logger_?: { warn: (message: string) => void }

  constructor(container: Record<string, unknown>, options: unknown) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.options_ = parsePluginOptions(options)
    this.box_ = SecretBox.fromOption(this.options_.encryptionKey)
    this.manager_ = container.manager as Manager
    this.logger_ = container.logger as PaylinkModuleService["logger_"]
  }

  /** The plugin options, validated. Routes read them here: modules are where plugin options land. */
  getPluginOptions(): PluginOptions {
    return this.options_
  }

  /**
   * Writes the record before the upstream call. The serial `number` is allocated by the insert,
   * so it is unique and increasing even across processes.
   */
  async openCheckout(input: OpenCheckoutInput) {
    try {
      // One round trip (insert-checkout.ts); currency codes stored lower-case, amounts exact.
      return await insertCheckout(this.manager_, input)
    } catch (error) {
      // A session id is used once per checkout: the unique index on payment_session_id refuses a
      // second record (a second initiate for the same id would make a second link for one session,
      // which the return flow could not tell apart). The index answers in the insert itself, so no
      // read is needed before it, and two racing inserts cannot both pass.
      if (await this.sessionHasRecord(input.payment_session_id, error)) {
        throw new MedusaError(
          MedusaError.Types.DUPLICATE_ERROR,
          `A payment link already exists for payment session ${input.payment_session_id}.`
        )
      }
      throw error
    }
  }

  /** After a failed insert: whether it failed because the session already has a record. */
  private async sessionHasRecord(paymentSessionId: string, error: unknown): Promise<boolean> {
    const duplicate =
      (MedusaError.isMedusaError(error) && (error as MedusaError).type === MedusaError.Types.DUPLICATE_ERROR) ||
      (error as { code?: unknown } | null)?.code === "23505" ||
      /unique|already exists/i.test(String((error as Error | null)?.message ?? ""))
    if (!duplicate) {
      return false
    }
    return (await this.listPaylinkCheckouts({ payment_session_id: paymentSessionId }, { select: ["id"] })).length > 0
  }

  /**
   * Writes the record (before any call to the service, so a crash mid-call leaves a trace) and
   * signs its success and cancel addresses with the plugin's secret, the only secret there is.
   */
  async openLink(input: OpenLinkInput) {
    const { return_ttl_hours, backend_url, ...rest } = input
    const returnExpiresAt = new Date(Date.now() + return_ttl_hours * 3_600_000)
    const record = await this.openCheckout({ ...rest, return_expires_at: returnExpiresAt })
    const secret = this.options_.secret
    const claims = {
      session: input.payment_session_id,
      cents: input.cents,
      currency: input.currency_code.toUpperCase(),
      exp: Math.floor(returnExpiresAt.getTime() / 1000),
    }
    return {
      record,
      successUrl: buildReturnUrl(backend_url, secret, { ...claims, outcome: "success" }),
      cancelUrl: buildReturnUrl(backend_url, secret, { ...claims, outcome: "cancel" }),
      resumeSig: signResume(secret, record.id),
    }
  }

  /**
   * The service's answer on the record: one UPDATE (no read before it, no transaction around it).
   * Only these four columns are written; the status stays what the state machine made it.
   */
  async confirmLink(id: string, link: CreatedLink) {
    const rows = await this.manager_.execute(
      `update "paylink_checkout" set "checkout_id" = ?, "url" = ?, "product" = ?, "expires_at" = ?, "updated_at" = now() where "id" = ? and "deleted_at" is null returning "id"`,
      [link.checkout_id, link.url, link.product ?? null, link.expires_at ? new Date(link.expires_at) : null, id]
    )
    if (!rows.length) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `PaylinkCheckout with id: ${id} was not found`)
    }
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
    if (typeof data.resume_sig !== "string" || !verifyResume(this.options_.secret, id, data.resume_sig)) {
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
    return verifyReturn(this.options_.secret, query, now)
  }

  /**
   * The record behind a payment session's data: by the record id the provider put there (a
   * re-created session keeps its link), else by the session id the link was made for.
   */
  async findForSessionData(data: Record<string, unknown> | undefined, sessionId?: string) {
    const recordId = data?.paylink_checkout_id
    if (typeof recordId === "string") {
      const [record] = await this.listPaylinkCheckouts({ id: recordId })
      if (record) {
        return record
      }
    }
    const session = typeof data?.session_id === "string" ? data.session_id : sessionId
    if (!session) {
      return null
    }
    const [record] = await this.listPaylinkCheckouts({ payment_session_id: session })
    return record ?? null
  }

  /**
   * The refund ledger: a refund the merchant made by hand in the gateway's dashboard, recorded on
   * a link whose order was placed, never above what was paid.
   */
  async recordRefund(id: string, cents: bigint) {
    const record = await this.retrievePaylinkCheckout(id)
    return await this.updatePaylinkCheckouts({ id, refunded_amount: refundedAfter(record, cents) })
  }


  async retrieveBySession(paymentSessionId: string) {
    const [record] = await this.listPaylinkCheckouts({ payment_session_id: paymentSessionId })
    if (!record) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `No payment link was created for payment session ${echo(paymentSessionId)}.`
      )
    }
    return record
  }

  /**
   * Moves a record to `to` if the state machine allows it from the record's current status, in one
   * compare-and-set UPDATE, so a concurrent writer cannot slip in between the read and the write.
   * Already in `to`: nothing is written and `changed` is false. Not allowed: NOT_ALLOWED, naming
   * the link and both states.
   */
  async transition(id: string, to: CheckoutStatus, patch: TransitionPatch = {}) {
    const rows = await compareAndSetStatus(this.manager_, id, sourcesOf(to), to, patch)
    const record = await this.retrievePaylinkCheckout(id)
    if (rows.length) {
      return { record, changed: true }
    }
    if (record.status === to) {
      return { record, changed: false }
    }
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Payment link ${record.number} is ${record.status}; it cannot become ${to}.`
    )
  }

  /** Like `transition`, but a refused move is not an error: the record stays as it is. */
  async tryTransition(id: string, to: CheckoutStatus, patch: TransitionPatch = {}) {
    const record = await this.retrievePaylinkCheckout(id)
    if (!canTransition(record.status, to)) {
      return { record, changed: false }
    }
    try {
      return await this.transition(id, to, patch)
    } catch (error) {
      if (MedusaError.isMedusaError(error) && (error as MedusaError).type === MedusaError.Types.NOT_ALLOWED) {
        return { record: await this.retrievePaylinkCheckout(id), changed: false }
      }
      throw error
    }
  }

  /**
   * A paid link the store cannot settle by itself goes to the merchant with the reason that is
   * true now: moved to `needs_attention` or, when it already is there (a Place order that found
   * another obstacle), its reason replaced. A record settled meanwhile is left as it is.
   */
  async handToMerchant(id: string, reason: AttentionReason) {
    const current = await this.retrievePaylinkCheckout(id)
    const detail = { code: reason.code, params: reason.params }
    const moved = await this.tryTransition(id, "needs_attention", {
      attention_reason: reason.text,
      attention_detail: detail,
      returned_at: current.returned_at ?? new Date(),
    })
    if (!moved.changed && moved.record.status === "needs_attention" && moved.record.attention_reason !== reason.text) {
      await this.restateAttention(id, reason)
    }
  }

  /**
   * The reason a record needs attention, as it is now: a later settlement attempt that finds
   * another obstacle replaces the old reason, so the merchant never reads one that is no longer
   * true. Written only while the record still needs attention; false when it no longer does.
   */
  async restateAttention(id: string, reason: AttentionReason): Promise<boolean> {
    return (await compareAndSetAttentionReason(this.manager_, id, reason.text, { code: reason.code, params: reason.params })).length > 0
  }

  /**
   * Recovery found the order this link paid for never announced (its cart's completion stopped
   * before Medusa released `order.placed`): the announcement is owed. Set before the payment is
   * recorded, so a recovery interrupted after that still knows. Repeating it changes nothing.
   */
  async oweOrderPlacedEvent(id: string): Promise<void> {
    await compareAndSetOrderPlacedEvent(this.manager_, id, null, "owed")
  }

  /** Takes the owed announcement: true for exactly one caller, who then emits `order.placed`. */
  async takeOrderPlacedEvent(id: string): Promise<boolean> {
    return (await compareAndSetOrderPlacedEvent(this.manager_, id, "owed", "emitted")).length > 0
  }

  /**
   * The store no longer wants this link (its session was deleted or replaced). A record that
   * already has a verified return, or is settled, is left as it is: the payment is real. A link
   * the customer canceled is withdrawn too (paying it anyway then reaches the merchant), but it
   * stays the customer's cancel: `canceled_by` and `canceled_at` keep what the customer did.
   */
  async withdraw(id: string) {
    const fromCustomerCancel = await compareAndSetStatus(this.manager_, id, ["canceled"], "withdrawn", {})
    if (fromCustomerCancel.length) {
      return { record: await this.retrievePaylinkCheckout(id), changed: true }
    }
    return await this.tryTransition(id, "withdrawn", { canceled_by: "store", canceled_at: new Date() })
  }

  /**
   * Every earlier link of a cart that may still be open at the service (created, unknown,
   * canceled by the customer) is withdrawn, except `keepId`: a crash or a lost answer must not
   * leave a second payable link behind the one the customer is sent to.
   */
  async withdrawOpenLinksOfCart(cartId: string, keepId?: string | null): Promise<number> {
    return await this.withdrawOpenLinks({ cart_id: cartId }, keepId)
  }

  /** The same for the admin's links of an order or draft order. */
  async withdrawOpenLinksOfOrder(orderId: string, keepId?: string | null): Promise<number> {
    return await this.withdrawOpenLinks({ order_id: orderId, origin: ["order", "draft_order"] }, keepId)
  }

  private async withdrawOpenLinks(where: Record<string, unknown>, keepId?: string | null): Promise<number> {
    const open = await this.listPaylinkCheckouts({ ...where, status: [...PAYABLE] }, { select: ["id"] })
    let withdrawn = 0
    for (const { id } of open) {
      if (id !== keepId && (await this.withdraw(id)).changed) {
        withdrawn++
      }
    }
    return withdrawn
  }

  /**
   * The cart's links that were paid (a verified return) and that the store has not settled yet:
   * the order is being placed (`returned`) or the merchant must settle it (`needs_attention`).
   * While there is one, the cart gets no new link: the customer would pay twice.
   */
  async listPaidUnsettledOfCart(cartId: string) {
    return await this.listPaylinkCheckouts(
      { cart_id: cartId, status: ["returned", "needs_attention"] },
      { select: ["id", "number", "status"], order: { number: "ASC" } }
    )
  }

  /**
   * Verified returns that were never finished (the process stopped between recording the return
   * and placing the order, or recording the payment on an admin link's order): returned before
   * `before`. A finished one is `completed` or `needs_attention`.
   */
  async listStrandedReturns(before: Date) {
    return await this.listPaylinkCheckouts(
      { status: "returned", returned_at: { $lt: before } },
      { select: ["id", "number", "cart_id", "order_id", "origin"], take: 1000 }
    )
  }

  /**
   * Links the service never answered for (the process stopped during the call, or the answer was
   * lost with it), opened before `before`: the service may have made the checkout, so they are
   * `unknown`, as after a timeout, and then withdrawn, so that no open link is left behind. Paying
   * one anyway reaches the merchant (`needs_attention`), never an order.
   */
  async withdrawUnanswered(before: Date): Promise<number> {
    const unanswered = await this.listPaylinkCheckouts(
      { status: "created", checkout_id: null, created_at: { $lt: before } },
      { select: ["id"], take: 1000 }
    )
    let withdrawn = 0
    for (const { id } of unanswered) {
      await this.tryTransition(id, "unknown", { failure_reason: "no answer from the service was recorded (the process stopped during the call)" })
      if ((await this.withdraw(id)).changed) {
        withdrawn++
      }
    }
    return withdrawn
  }

  /** Marks as expired the open links whose return links are no longer accepted. */
  async expireOverdue(now: Date): Promise<number> {
    const overdue = await this.listPaylinkCheckouts(
      { status: [...PAYABLE], return_expires_at: { $lt: now } },
      { select: ["id"], take: 1000 }
    )
    let expired = 0
    for (const { id } of overdue) {
      if ((await this.tryTransition(id, "expired")).changed) {
        expired++
      }
    }
    return expired
  }

  // ---- Gateway credentials set in the admin (one row per gateway; provider options are the fallback)

  private gatewayBox(): SecretBox {
    if (!this.box_) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "token: a gateway token cannot be stored without a key: set the medusa-plugin-paylink plugin option " +
          "encryptionKey (32 bytes, e.g. the output of `openssl rand -hex 32`)."
      )
    }
    return this.box_
  }

  private assertGateway(gateway: string): asserts gateway is Gateway {
    if (!GS.isGateway(gateway)) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `gateway: ${echo(gateway)} is not one of ${GATEWAYS.join(", ")}.`)
    }
  }

  /** One indexed read: the row is read for every checkout, so a save counts on every instance at once. */
  async gatewaySettingsRow(gateway: Gateway): Promise<GS.GatewaySettingsRow | null> {
    const [row] = await this.listPaylinkGatewaySettings({ gateway }, { take: 1 })
    return (row as unknown as GS.GatewaySettingsRow) ?? null
  }

  /** A provider tells what its options say (never the token itself), for the admin's view and check. */
  registerGatewayFallback(gateway: Gateway, fallback: GS.GatewayFallback) {
    this.rememberFallback(gateway, GS.registeredFallbackOf(gateway, fallback))
  }

  private rememberFallback(gateway: Gateway, entry: GS.RegisteredFallback) {
    const known = this.fallbacks_.get(gateway) ?? new Map<string, GS.RegisteredFallback>()
    known.set(JSON.stringify(entry), entry)
    this.fallbacks_.set(gateway, known)
  }

  /** Every provider option known for `gateway`: those announced at boot and those registered since. */
  private fallbacksOf(gateway: Gateway): GS.RegisteredFallback[] {
    for (const announced of announcedFallbacks()) {
      if (announced.gateway === gateway) this.rememberFallback(gateway, announced.fallback)
    }
    return [...(this.fallbacks_.get(gateway)?.values() ?? [])]
  }

  /**
   * Saves what was given (`null` clears a field back to the provider option); the token is sealed.
   * A save that would change nothing writes nothing (same version, same date) and says so. A save
   * that changed something is tested at once (the same check as Test), and the outcome kept.
   */
  async saveGatewaySettings(gateway: string, input: GS.GatewaySettingsInput): Promise<GatewaySettingsSaved> {
    this.assertGateway(gateway)
    const previous = await this.gatewaySettingsRow(gateway)
    const problem = GS.gatewaySettingsProblem(input, previous)
    if (problem) {
      throw problem
    }
    if (!GS.changedFields(input, previous, (token) => this.isStoredToken(previous, token)).length) {
      return {
        gateway: GS.viewOf(gateway, previous, this.fallbacksOf(gateway)),
        changed: false,
        check: null,
        message: `Nothing changed: ${gateway}'s settings are already these.`,
      }
    }
    const patch = GS.settingsPatch(input, previous, (token) => this.gatewayBox().seal(token))
    if (previous) {
      const id = (previous as unknown as { id: string }).id
      // Written only over the row the rules were checked against; the version is bumped in the same UPDATE.
      if (!(await compareAndSetGatewaySettings(this.manager_, id, previous.version, patch)).length) {
        throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `The ${gateway} settings were changed by another save meanwhile: reload them and save again.`)
      }
    } else {
      await this.createPaylinkGatewaySettings([{ gateway, ...patch }])
    }
    // A gateway switched off is not offered to anyone: nothing to test, nothing is called.
    const check = (patch.enabled ?? previous?.enabled ?? true) ? await this.checkGatewayQuietly(gateway) : null
    const row = await this.gatewaySettingsRow(gateway)
    return { gateway: GS.viewOf(gateway, row, this.fallbacksOf(gateway)), changed: true, check }
  }

  /** Whether `token` is the one sealed in `row` (false when none is, or it cannot be opened). */
  private isStoredToken(row: GS.GatewaySettingsRow | null, token: string): boolean {
    if (!row?.token_sealed || !this.box_) return false
    try {
      return this.box_.open(row.token_sealed) === token
    } catch {
      return false
    }
  }

  /** The check after a save: a gateway with no address to test has no result (null), not an error. */
  private async checkGatewayQuietly(gateway: Gateway): Promise<GatewayCheckResult | null> {
    try {
      return await this.checkGateway(gateway)
    } catch (error) {
      if (MedusaError.isMedusaError(error)) return null
      throw error
    }
  }

  /** Every gateway as the admin sees it: never a token, only whether one is set and its last 4. */
  async gatewaySettingsView(): Promise<GatewaySettingsView[]> {
    const rows = (await this.listPaylinkGatewaySettings({})) as unknown as GS.GatewaySettingsRow[]
    return GATEWAYS.map((g) => GS.viewOf(g, rows.find((r) => r.gateway === g) ?? null, this.fallbacksOf(g)))
  }

  /** What the next checkout on `gateway` uses: the admin's values over the provider's options. */
  async effectiveGatewayConfig(gateway: Gateway, fallback: GS.GatewayFallback): Promise<GS.EffectiveGatewayConfig> {
    this.registerGatewayFallback(gateway, fallback)
    const row = await this.gatewaySettingsRow(gateway)
    return GS.effectiveConfig(gateway, row, fallback, (sealed) => {
      try {
        return this.gatewayBox().open(sealed)
      } catch (error) {
        throw MedusaError.isMedusaError(error)
          ? error
          : new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `The ${gateway} token set in the admin cannot be opened with the plugin option encryptionKey: type the token again in the admin.`)
      }
    })
  }

  /**
   * Calls the gateway's checkout endpoint WITHOUT a token at each address its checkouts go to and
   * expects the spec's 401: that proves the address and path answer like the service. It cannot
   * prove the token: the spec has no call that checks a token without creating a charge.
   */
  async checkGateway(gateway: string): Promise<GatewayCheckResult> {
    this.assertGateway(gateway)
    const row = await this.gatewaySettingsRow(gateway)
    const result = await checkGatewayTargets(gateway, row, this.fallbacksOf(gateway), this.options_.timeoutMs)
    await this.keepCheck(gateway, result.ok)
    return result
  }

  /**
   * The outcome on the gateway's row, for its card. A gateway never saved gets a row holding only
   * the test (version 0: every field still the provider option's, and shown as never saved).
   */
  private async keepCheck(gateway: Gateway, ok: boolean) {
    if ((await recordGatewayCheck(this.manager_, gateway, ok)).length) return
    try {
      await this.createPaylinkGatewaySettings([{ gateway, version: 0, last_check_ok: ok, last_check_at: new Date() }])
    } catch {
      // A save made the row meanwhile (the gateway is unique): write the test over it.
      await recordGatewayCheck(this.manager_, gateway, ok)
    }
  }
}

export default PaylinkModuleService
