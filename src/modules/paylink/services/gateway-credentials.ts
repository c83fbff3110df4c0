/**
 * The gateway-credential store: one row per gateway set in the admin (the token sealed), the
 * provider options each gateway falls back to, what the next checkout uses, and the admin's Test.
 * The rules are ../utils/gateway-settings and ../utils/gateway-view (pure); this reads and writes the row.
 */
import { executeIn } from "../../../lib/common/shared-transaction"
import type { Context, ModulesSdkTypes } from "@medusajs/framework/types"
import {
  InjectTransactionManager,
  MedusaContext,
  MedusaError,
} from "@medusajs/framework/utils"
import {
  GATEWAYS,
  type Gateway,
  type GatewayCheckResult,
  type GatewaySettingsView,
} from "../../../types/paylink"
import type { PluginOptions } from "../../../lib/boot/plugin-options"
import { DEFAULT_PATH_SEGMENTS } from "../../../lib/paylink/endpoints"
import { gatewayDefinition } from "../../../lib/paylink/gateways"
import { SecretBox } from "../../../lib/credentials/secret-box"
import { echo } from "../../../lib/common/echo"
import type PaylinkGatewaySettings from "../models/paylink-gateway-settings"
import * as GS from "../utils/gateway-settings"
import {
  effectiveConfig,
  registeredFallbackOf,
  viewOf,
} from "../utils/gateway-view"
import {
  checkGatewayAddresses,
  checkGatewayToken,
  type CheckTarget,
} from "../utils/gateway-check"
import type { ConnectionTestLanguage } from "../../../lib/paylink/connection-test"
import {
  gatewayCheckUpdate,
  gatewaySettingsUpdate,
  TAKE_LINK_NUMBER,
  type GatewayCheckWrite,
} from "../repositories/gateway-settings-sql"
import { isUniqueViolation } from "../repositories/statement"

/** The unique index that keeps one row per gateway. */
const ONE_ROW_PER_GATEWAY = "IDX_paylink_gateway_settings_gateway_unique"

/** A save checked and ready to write (`patch` null: it would change nothing). */
export type GatewaySave = {
  gateway: Gateway
  previous: (GS.GatewaySettingsRow & { id: string }) | null
  patch: GS.SettingsPatch | null
}

type Cradle = {
  baseRepository: { serialize<T>(data: unknown): Promise<T> }
  paylinkGatewaySettingsService: ModulesSdkTypes.IMedusaInternalService<
    typeof PaylinkGatewaySettings
  >
  paylinkOptions: PluginOptions
}

export class GatewayCredentialService {
  protected readonly baseRepository_: Cradle["baseRepository"]
  protected readonly settings_: Cradle["paylinkGatewaySettingsService"]
  protected readonly box_: SecretBox | null
  protected readonly timeoutMs_: number
  /** What each gateway's providers were configured with (no token): read at boot, for the view and Test. */
  private readonly fallbacks_ = new Map<
    Gateway,
    Map<string, GS.RegisteredFallback>
  >()
  /**
   * The same options with their token, kept in this process only (the providers hold them too):
   * Test token sends the token the next checkout sends. Never returned, never written.
   */
  private readonly fullFallbacks_ = new Map<
    Gateway,
    Map<string, GS.GatewayFallback>
  >()

  constructor({
    baseRepository,
    paylinkGatewaySettingsService,
    paylinkOptions,
  }: Cradle) {
    this.baseRepository_ = baseRepository
    this.settings_ = paylinkGatewaySettingsService
    this.box_ = SecretBox.fromOption(paylinkOptions.encryptionKey)
    this.timeoutMs_ = paylinkOptions.timeoutMs
  }

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

  assertGateway(gateway: string): asserts gateway is Gateway {
    if (!GS.isGateway(gateway)) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `gateway: ${echo(gateway)} is not one of ${GATEWAYS.join(", ")}.`
      )
    }
  }

  /** A provider's options for `gateway` (never the token itself), for the admin's view and check. */
  rememberFallback(gateway: Gateway, fallback: GS.GatewayFallback) {
    const entry = registeredFallbackOf(gateway, fallback)
    const known =
      this.fallbacks_.get(gateway) ?? new Map<string, GS.RegisteredFallback>()
    known.set(JSON.stringify(entry), entry)
    this.fallbacks_.set(gateway, known)
    const full =
      this.fullFallbacks_.get(gateway) ?? new Map<string, GS.GatewayFallback>()
    full.set(
      JSON.stringify([fallback.baseUrl, fallback.pathSegment, fallback.token]),
      fallback
    )
    this.fullFallbacks_.set(gateway, full)
  }

  /**
   * Every address the gateway's checkouts go to, with the token sent there: the admin's values
   * over each registered provider's options (as effectiveConfig), or the admin's alone.
   */
  private checkTargets(
    gateway: Gateway,
    row: GS.GatewaySettingsRow | null
  ): CheckTarget[] {
    const open = (sealed: string) => {
      try {
        return this.gatewayBox().open(sealed)
      } catch {
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          `token: the ${gateway} token set in the admin cannot be opened with the plugin option encryptionKey: type the token again.`
        )
      }
    }
    const fallbacks = [...(this.fullFallbacks_.get(gateway)?.values() ?? [])]
    const targets = new Map<string, CheckTarget>()
    for (const f of fallbacks.length ? fallbacks : [null]) {
      const baseUrl = row?.base_url ?? f?.baseUrl
      if (!baseUrl) continue
      const config = effectiveConfig(
        gateway,
        row,
        { token: f?.token ?? "", baseUrl, pathSegment: f?.pathSegment },
        open
      )
      const target = {
        baseUrl: config.baseUrl,
        segment: config.pathSegment,
        token: config.token || null,
      }
      targets.set(JSON.stringify(target), target)
    }
    return [...targets.values()]
  }

  /** The addresses alone, once each: the address test sends no token. */
  private addressTargets(
    gateway: Gateway,
    row: GS.GatewaySettingsRow | null
  ): CheckTarget[] {
    const registered = this.fallbacksOf(gateway)
    const targets = new Map<string, CheckTarget>()
    for (const f of registered.length ? registered : [null]) {
      const baseUrl = row?.base_url ?? f?.base_url
      const segment =
        row?.path_segment ??
        f?.path_segment ??
        DEFAULT_PATH_SEGMENTS[GS.PATH_KEY_OF[gateway]]
      if (baseUrl)
        targets.set(`${baseUrl} ${segment}`, { baseUrl, segment, token: null })
    }
    return [...targets.values()]
  }

  private fallbacksOf(gateway: Gateway): GS.RegisteredFallback[] {
    return [...(this.fallbacks_.get(gateway)?.values() ?? [])]
  }

  /** One indexed read: the row is read for every checkout, so a save counts on every instance at once. */
  async row(
    gateway: Gateway,
    sharedContext: Context = {}
  ): Promise<(GS.GatewaySettingsRow & { id: string }) | null> {
    const [row] = await this.baseRepository_.serialize<
      Array<GS.GatewaySettingsRow & { id: string }>
    >(await this.settings_.list({ gateway }, { take: 1 }, sharedContext))
    return row ?? null
  }

  /** Whether `token` is the one sealed in `row` (false when none is, or it cannot be opened). */
  private isStoredToken(
    row: GS.GatewaySettingsRow | null,
    token: string
  ): boolean {
    if (!row?.token_sealed || !this.box_) return false
    try {
      return this.box_.open(row.token_sealed) === token
    } catch {
      return false
    }
  }

  /** Written only over the row the rules were checked against (`version`), bumped in the same UPDATE. */
  @InjectTransactionManager()
  protected async writeOver(
    id: string,
    version: number,
    patch: GS.SettingsPatch,
    @MedusaContext() sharedContext: Context = {}
  ) {
    return (
      (
        await executeIn(
          sharedContext,
          gatewaySettingsUpdate(id, version, patch)
        )
      ).length > 0
    )
  }

  /**
   * A save checked against the row as it is (the rules of ./gateway-settings: a 400 naming every
   * field) and turned into the columns it writes, the token sealed; `patch` null when every value
   * given is the one stored (nothing is written then, no version, no date).
   */
  async prepareSave(
    gateway: string,
    input: GS.GatewaySettingsInput
  ): Promise<GatewaySave> {
    this.assertGateway(gateway)
    if (
      input.renewal_orders !== undefined &&
      !gatewayDefinition(gateway).recurring
    ) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `renewal_orders: only a subscription gateway (gateway_a_subscription) has renewals; ${gateway} is a single payment.`
      )
    }
    const previous = await this.row(gateway)
    const problem = GS.gatewaySettingsProblem(input, previous)
    if (problem) {
      throw problem
    }
    if (
      !GS.changedFields(input, previous, (token) =>
        this.isStoredToken(previous, token)
      ).length
    ) {
      return { gateway, previous, patch: null }
    }
    return {
      gateway,
      previous,
      patch: GS.settingsPatch(input, previous, (token) =>
        this.gatewayBox().seal(token)
      ),
    }
  }

  /** Writes a prepared save over the row it was checked against; the id of a row it created. */
  async write({
    gateway,
    previous,
    patch,
  }: GatewaySave): Promise<{ createdId: string | null }> {
    if (!patch) return { createdId: null }
    if (!previous) {
      const [created] = await this.settings_.create([{ gateway, ...patch }])
      return { createdId: (created as unknown as { id: string }).id }
    }
    if (!(await this.writeOver(previous.id, previous.version, patch))) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `The ${gateway} settings were changed by another save meanwhile: reload them and save again.`
      )
    }
    return { createdId: null }
  }

  /** Puts the row back as the save found it (compensation): the columns it had, or no row. */
  async restore({ previous }: GatewaySave, createdId: string | null) {
    if (createdId) {
      await this.settings_.delete(createdId)
    } else if (previous) {
      const {
        id,
        token_sealed,
        token_last4,
        path_segment,
        base_url,
        enabled,
        renewal_orders,
        version,
      } = previous
      await this.settings_.update({
        id,
        token_sealed,
        token_last4,
        path_segment,
        base_url,
        enabled,
        renewal_orders,
        version,
      } as never)
    }
  }

  /** The admin's view of one gateway. */
  async viewOne(gateway: Gateway): Promise<GatewaySettingsView> {
    return viewOf(gateway, await this.row(gateway), this.fallbacksOf(gateway))
  }

  /**
   * The test after a save: the address test only (no token sent, nothing created), so a save never
   * makes a link and never says the token passed. A gateway with no address has no result (null).
   */
  async checkQuietly(gateway: Gateway): Promise<GatewayCheckResult | null> {
    try {
      return await this.checkAddress(gateway)
    } catch (error) {
      if (MedusaError.isMedusaError(error)) return null
      throw error
    }
  }

  /** Every gateway as the admin sees it: never a token, only whether one is set and its last 4. */
  async view(): Promise<GatewaySettingsView[]> {
    const rows = await this.baseRepository_.serialize<GS.GatewaySettingsRow[]>(
      await this.settings_.list({})
    )
    return GATEWAYS.map((g) =>
      viewOf(g, rows.find((r) => r.gateway === g) ?? null, this.fallbacksOf(g))
    )
  }

  /** What the next checkout on `gateway` uses: the admin's values over the provider's options. */
  async effectiveConfig(
    gateway: Gateway,
    fallback: GS.GatewayFallback
  ): Promise<GS.EffectiveGatewayConfig> {
    this.rememberFallback(gateway, fallback)
    return effectiveConfig(
      gateway,
      await this.row(gateway),
      fallback,
      (sealed) => {
        try {
          return this.gatewayBox().open(sealed)
        } catch (error) {
          throw MedusaError.isMedusaError(error)
            ? error
            : new MedusaError(
                MedusaError.Types.UNEXPECTED_STATE,
                `The ${gateway} token set in the admin cannot be opened with the plugin option encryptionKey: type the token again in the admin.`
              )
        }
      }
    )
  }

  /**
   * Test token: one real unpaid link of the gateway's minimum amount, made with the token, at each
   * address its checkouts go to (../utils/gateway-check says why a link is the only proof). Its
   * number is taken from the payment links' own sequence: no order's link ever has it.
   */
  async check(
    gateway: string,
    request: { email: string; language: ConnectionTestLanguage }
  ): Promise<GatewayCheckResult> {
    this.assertGateway(gateway)
    const result = await checkGatewayToken(
      gateway,
      this.checkTargets(gateway, await this.row(gateway)),
      { ...request, takeNumber: () => this.takeLinkNumber() },
      this.timeoutMs_
    )
    const made = result.targets.flatMap((t) =>
      t.test_link ? [t.test_link] : []
    )
    await this.keepCheck(gateway, {
      ok: result.ok,
      kind: "token",
      testLink: made.at(-1) ?? null,
    })
    return result
  }

  /** The address test: the checkout endpoint called without a token, expecting the service's 401. */
  async checkAddress(gateway: string): Promise<GatewayCheckResult> {
    this.assertGateway(gateway)
    const result = await checkGatewayAddresses(
      gateway,
      this.addressTargets(gateway, await this.row(gateway)),
      this.timeoutMs_
    )
    await this.keepCheck(gateway, {
      ok: result.ok,
      kind: "address",
      testLink: null,
    })
    return result
  }

  @InjectTransactionManager()
  protected async takeLinkNumber(
    @MedusaContext() sharedContext: Context = {}
  ): Promise<number> {
    const [row] = await executeIn(sharedContext, TAKE_LINK_NUMBER)
    return Number(row.number)
  }

  /** A test's outcome on the row (the ids written; none when the gateway has no row yet). */
  @InjectTransactionManager()
  protected async writeCheck(
    gateway: Gateway,
    check: GatewayCheckWrite,
    @MedusaContext() sharedContext: Context = {}
  ) {
    return (
      (await executeIn(sharedContext, gatewayCheckUpdate(gateway, check)))
        .length > 0
    )
  }

  /**
   * The outcome on the gateway's row, for its card. A gateway never saved gets a row holding only
   * the test (version 0: every field still the provider option's, and shown as never saved).
   */
  private async keepCheck(gateway: Gateway, check: GatewayCheckWrite) {
    if (await this.writeCheck(gateway, check)) return
    try {
      await this.insertCheck(gateway, check)
    } catch (error) {
      if (
        !MedusaError.isMedusaError(error) ||
        (error as MedusaError).type !== MedusaError.Types.DUPLICATE_ERROR
      )
        throw error
      // A save made the row meanwhile (one row per gateway): write the test over it.
      await this.writeCheck(gateway, check)
    }
  }

  /** A row holding only the test; DUPLICATE_ERROR when the gateway has one already (its unique index). */
  @InjectTransactionManager()
  protected async insertCheck(
    gateway: Gateway,
    { ok, kind, testLink }: GatewayCheckWrite,
    @MedusaContext() sharedContext: Context = {}
  ) {
    await this.settings_.create(
      [
        {
          gateway,
          version: 0,
          last_check_ok: ok,
          last_check_at: new Date(),
          last_check_kind: kind,
          test_link: testLink,
        },
      ],
      sharedContext
    )
    try {
      // Flushed here: at the transaction's end the error would lose the index's name.
      await (
        sharedContext.transactionManager as { flush(): Promise<void> }
      ).flush()
    } catch (error) {
      throw isUniqueViolation(error, ONE_ROW_PER_GATEWAY)
        ? new MedusaError(
            MedusaError.Types.DUPLICATE_ERROR,
            `${gateway} has a settings row`
          )
        : error
    }
  }
}
