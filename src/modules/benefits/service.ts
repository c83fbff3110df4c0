import { MedusaError, MedusaService } from "@medusajs/framework/utils"
import type { BenefitSettingsView } from "../../types/benefits"
import BenefitsSettings from "./models/benefits-settings"
import BenefitRule from "./models/benefit-rule"
import BenefitRedemption from "./models/benefit-redemption"
import {
  parsePluginOptions,
  type PluginOptions,
} from "../../lib/boot/plugin-options"
import { SecretBox } from "../../lib/credentials/secret-box"
import { echo } from "../../lib/common/echo"
import { codedError } from "../../lib/common/store-errors"
import { PaylinkClient } from "../../lib/paylink/client"
import { ACTIVE_REDEMPTION_STATUSES } from "../../types/benefits"
import type {
  ProgramSettingsService,
  SettingsInput,
  SettingsRow,
} from "./services/program-settings"
import type {
  NewRedemption,
  RedemptionPatch,
  RedemptionWriteService,
} from "./services/redemption-writes"

export type { SettingsInput, SettingsRow } from "./services/program-settings"

/** What the admin API shows (`BenefitSettingsView`, before JSON turns the date into text). */
export type SettingsView = Omit<BenefitSettingsView, "token_obtained_at"> & {
  token_obtained_at: Date | null
}

export type ProgramCredentials = {
  user: string
  password: string
  branch: number
}

export type RuleRow = Awaited<
  ReturnType<BenefitsModuleService["listBenefitRules"]>
>[number]
export type RedemptionRow = Awaited<
  ReturnType<BenefitsModuleService["listBenefitRedemptions"]>
>[number]

class BenefitsModuleService extends MedusaService({
  BenefitsSettings,
  BenefitRule,
  BenefitRedemption,
}) {
  protected readonly options_: PluginOptions
  protected readonly box_: SecretBox | null
  protected readonly settings_: ProgramSettingsService
  protected readonly writes_: RedemptionWriteService
  private readonly clients_ = new Map<string, PaylinkClient>()

  constructor(
    container: {
      programSettingsService: ProgramSettingsService
      redemptionWriteService: RedemptionWriteService
    },
    options: unknown
  ) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.options_ = parsePluginOptions(options)
    this.box_ = SecretBox.fromOption(this.options_.encryptionKey)
    this.settings_ = container.programSettingsService
    this.writes_ = container.redemptionWriteService
  }

  /** An apply's `pending` row, written before the program call, in one statement. */
  async openRedemption(input: NewRedemption): Promise<{ id: string }> {
    return await this.writes_.open(input)
  }

  /** An apply's later writes on its row (codes, outcome, promotion), one UPDATE each. */
  async patchRedemption(id: string, patch: RedemptionPatch): Promise<void> {
    await this.writes_.patch(id, patch)
  }

  private box(): SecretBox {
    if (!this.box_) {
      throw codedError(
        MedusaError.Types.NOT_ALLOWED,
        "benefits.program_unavailable",
        "Secrets cannot be stored without a key: set the medusa-plugin-paylink plugin option encryptionKey " +
          "(32 bytes, e.g. the output of `openssl rand -hex 32`)."
      )
    }
    return this.box_
  }

  /** Plugin option benefitCallsPerCart. */
  callsPerCart(): number {
    return this.options_.benefitCallsPerCart
  }

  /**
   * Refuses (400) a request for a card with benefitAuthorizationsPerCard unused authorizations in the
   * window (docs/architecture.md#program-requests-on-record). Under concurrency, call it under the
   * card's lock (`cardLockKey`) and write the `pending` row before releasing it.
   */
  async assertCardWithinLimit(
    card: { fingerprint: string; last4: string },
    now = new Date()
  ): Promise<void> {
    const limit = this.options_.benefitAuthorizationsPerCard
    const hours = this.options_.benefitCardWindowHours
    const since = new Date(now.getTime() - hours * 3_600_000)
    const rows = await this.listBenefitRedemptions(
      {
        card_fingerprint: card.fingerprint,
        created_at: { $gte: since },
        status: { $ne: "redeemed" },
      },
      { select: ["id", "status", "authorization"] }
    )
    const unused = rows.filter(
      (r) =>
        !!r.authorization || r.status === "pending" || r.status === "unknown"
    ).length
    if (unused >= limit) {
      throw codedError(
        MedusaError.Types.NOT_ALLOWED,
        "benefits.card_limit",
        `The loyalty card ending in ${card.last4} has reached its limit of ${limit} unused benefit authorizations in ${hours} hours ` +
          "(plugin option benefitAuthorizationsPerCard): no further authorization is requested for it for now. " +
          "Re-applying it to a cart it was already authorized for still works; otherwise try again later."
      )
    }
  }

  /** The authorized one, else the stale one last changed (the storefront is asked to apply it again). */
  async currentRedemption(cartId: string): Promise<RedemptionRow | null> {
    const rows = await this.listBenefitRedemptions(
      { cart_id: cartId, status: [...ACTIVE_REDEMPTION_STATUSES] },
      { order: { updated_at: "DESC" } }
    )
    return rows.find((r) => r.status === "authorized") ?? rows[0] ?? null
  }

  /** The one availability check (active, inside its dates), shared by the storefront's list and the apply. */
  ruleUnavailability(
    rule: Pick<RuleRow, "name" | "active" | "starts_at" | "ends_at">,
    now = new Date()
  ): string | null {
    if (!rule.active) {
      return `Benefit "${rule.name}" is not active.`
    }
    const at = now.getTime()
    if (
      (rule.starts_at && new Date(rule.starts_at).getTime() > at) ||
      (rule.ends_at && new Date(rule.ends_at).getTime() < at)
    ) {
      return `Benefit "${rule.name}" is not available at this time.`
    }
    return null
  }

  /** The rules a customer can use now, by name; none while the program is not enabled. */
  async listAvailableRules(now = new Date()): Promise<RuleRow[]> {
    if (!(await this.isEnabled())) {
      return []
    }
    const rules = await this.listBenefitRules(
      { active: true },
      { order: { name: "ASC" } }
    )
    return rules.filter((rule) => this.ruleUnavailability(rule, now) === null)
  }

  /** The rule for an apply: a 404 naming `rule_id` when unknown, a 400 naming the rule when not usable now. */
  async retrieveAvailableRule(
    ruleId: string,
    now = new Date()
  ): Promise<RuleRow> {
    const [rule] = await this.listBenefitRules({ id: ruleId })
    if (!rule) {
      throw codedError(
        MedusaError.Types.NOT_FOUND,
        "benefits.rule_unavailable",
        `rule_id: benefit rule ${echo(ruleId)} was not found.`
      )
    }
    const problem = this.ruleUnavailability(rule, now)
    if (problem) {
      throw codedError(
        MedusaError.Types.NOT_ALLOWED,
        "benefits.rule_unavailable",
        problem
      )
    }
    return rule
  }

  fingerprint(card: string): string {
    return this.box().fingerprint(card)
  }

  async settingsRow(): Promise<SettingsRow | null> {
    return await this.settings_.row()
  }

  view(row: SettingsRow | null): SettingsView {
    return {
      base_url: row?.base_url ?? null,
      effective_base_url: row?.base_url ?? this.options_.baseUrl ?? null,
      user: row?.user ?? null,
      branch: row?.branch ?? null,
      enabled: row?.enabled ?? false,
      password_set: !!row?.password_sealed,
      token_set: !!row?.token_sealed,
      token_obtained_at: row?.token_obtained_at ?? null,
    }
  }

  /**
   * Saves what was given; `password: null` clears it. A change of credentials or address drops
   * the token, which belonged to the old ones. Returns the row as it was, for compensation.
   */
  async saveSettings(
    input: SettingsInput
  ): Promise<{ previous: SettingsRow | null; view: SettingsView }> {
    const { previous, row } = await this.settings_.save(
      input,
      this.options_.baseUrl ?? null,
      (password) => this.box().seal(password)
    )
    return { previous, view: this.view(row) }
  }

  async restoreSettings(previous: SettingsRow | null, createdId?: string) {
    await this.settings_.restore(previous, createdId)
  }

  /** The program's credentials, or a 400 naming what is missing; nothing is sent without them. */
  async credentials(): Promise<ProgramCredentials> {
    const row = await this.settingsRow()
    const missing = [
      !row?.user && "user",
      !row?.password_sealed && "password",
      (row?.branch === null || row?.branch === undefined) && "branch",
    ].filter(Boolean)
    if (missing.length) {
      throw codedError(
        MedusaError.Types.NOT_ALLOWED,
        "benefits.program_unavailable",
        `The benefits program needs ${missing.join(", ")}: set them in the benefits settings first.`
      )
    }
    return {
      user: row!.user!,
      password: this.box().open(row!.password_sealed!),
      branch: row!.branch!,
    }
  }

  async storeToken(token: string) {
    const row = await this.settingsRow()
    const sealed = this.box().seal(token)
    if (row) {
      await this.updateBenefitsSettings({
        id: row.id,
        token_sealed: sealed,
        token_obtained_at: new Date(),
      })
    } else {
      await this.createBenefitsSettings({
        token_sealed: sealed,
        token_obtained_at: new Date(),
      })
    }
  }

  async token(known?: SettingsRow | null): Promise<string | null> {
    const row = known !== undefined ? known : await this.settingsRow()
    return row?.token_sealed ? this.box().open(row.token_sealed) : null
  }

  async isEnabled(known?: SettingsRow | null): Promise<boolean> {
    return (
      (known !== undefined ? known : await this.settingsRow())?.enabled ?? false
    )
  }

  /** The client for the program's current address; one per address, so connections are reused. */
  async programClient(known?: SettingsRow | null): Promise<PaylinkClient> {
    const row = known !== undefined ? known : await this.settingsRow()
    const baseUrl = row?.base_url ?? this.options_.baseUrl
    if (!baseUrl) {
      throw codedError(
        MedusaError.Types.NOT_ALLOWED,
        "benefits.program_unavailable",
        "The benefits program has no address: set base_url in the benefits settings or the plugin option baseUrl."
      )
    }
    let client = this.clients_.get(baseUrl)
    if (!client) {
      client = new PaylinkClient({
        baseUrl,
        timeoutMs: this.options_.timeoutMs,
        paths: { benefits: this.options_.benefitsPath },
      })
      this.clients_.set(baseUrl, client)
    }
    return client
  }
}

export default BenefitsModuleService
