/**
 * The benefits program's settings row: its save (checked against the row as it was read, and
 * written only over that row), and its restore when the setup call after a save fails. Writes run
 * on the caller's transaction (`@MedusaContext() sharedContext`), or on one of their own.
 */
import { executeIn, freshReads } from "../../../lib/common/shared-transaction"
import type {
  Context,
  InferTypeOf,
  ModulesSdkTypes,
} from "@medusajs/framework/types"
import {
  InjectTransactionManager,
  MedusaContext,
  MedusaError,
} from "@medusajs/framework/utils"
import type BenefitsSettings from "../models/benefits-settings"
import { needsSecretAgain } from "../../../lib/credentials/secret-follows-address"

export type SettingsRow = InferTypeOf<typeof BenefitsSettings>
export type SettingsInput = {
  base_url?: string | null
  user?: string | null
  password?: string | null
  branch?: number | null
  enabled?: boolean
}

type Cradle = {
  baseRepository: { serialize<T>(data: unknown): Promise<T> }
  benefitsSettingsService: ModulesSdkTypes.IMedusaInternalService<
    typeof BenefitsSettings
  >
}

const WRITABLE = [
  "base_url",
  "user",
  "password_sealed",
  "branch",
  "enabled",
  "token_sealed",
  "token_obtained_at",
] as const

export class ProgramSettingsService {
  protected readonly baseRepository_: Cradle["baseRepository"]
  protected readonly settings_: Cradle["benefitsSettingsService"]

  constructor({ baseRepository, benefitsSettingsService }: Cradle) {
    this.baseRepository_ = baseRepository
    this.settings_ = benefitsSettingsService
  }

  async row(sharedContext: Context = {}): Promise<SettingsRow | null> {
    const rows = await this.settings_.list(
      {},
      { take: 1, order: { created_at: "ASC" } },
      freshReads(sharedContext)
    )
    const [row] = await this.baseRepository_.serialize<SettingsRow[]>(rows)
    return row ?? null
  }

  /**
   * `password: null` clears it; a change of credentials or address drops the token. `optionAddress`:
   * the plugin option baseUrl. Returns the row before and after.
   */
  @InjectTransactionManager()
  async save(
    input: SettingsInput,
    optionAddress: string | null,
    seal: (password: string) => string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ previous: SettingsRow | null; row: SettingsRow }> {
    const previous = await this.row(sharedContext)
    const before = previous?.base_url ?? optionAddress
    const after =
      (input.base_url !== undefined ? input.base_url : previous?.base_url) ??
      optionAddress
    if (
      needsSecretAgain({
        before,
        after,
        secretGiven: input.password !== undefined,
        secretWouldFollow: !!previous?.password_sealed,
      })
    ) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "password: changing base_url needs the program's password again in the same request; " +
          "the stored password is never sent to an address it was not entered for."
      )
    }
    const data: Record<string, unknown> = {}
    for (const key of ["base_url", "user", "branch", "enabled"] as const) {
      if (input[key] !== undefined) data[key] = input[key]
    }
    if (input.password !== undefined) {
      data.password_sealed =
        input.password === null ? null : seal(input.password)
    }
    const credentialsChanged = [
      "base_url",
      "user",
      "branch",
      "password_sealed",
    ].some(
      (k) =>
        k in data &&
        data[k] !== (previous as Record<string, unknown> | null)?.[k]
    )
    if (credentialsChanged) {
      data.token_sealed = null
      data.token_obtained_at = null
    }
    if (previous) {
      await this.writeOver(previous, data, sharedContext)
    } else {
      await this.settings_.create(data as never, sharedContext)
      // Written now, so that the row read back has the database's defaults.
      await (
        sharedContext.transactionManager as { flush(): Promise<void> }
      ).flush()
    }
    return { previous, row: (await this.row(sharedContext))! }
  }

  /** Only over the row as the address rule saw it, so two racing saves cannot both pass the rule. */
  private async writeOver(
    previous: SettingsRow,
    data: Record<string, unknown>,
    sharedContext: Context
  ) {
    const columns = WRITABLE.filter((c) => c in data)
    const sets = ['"updated_at" = now()', ...columns.map((c) => `"${c}" = ?`)]
    const rows = await executeIn(sharedContext, [
      `update "benefits_settings" set ${sets.join(", ")} where "id" = ? and "deleted_at" is null ` +
        `and "base_url" is not distinct from ? and "password_sealed" is not distinct from ? returning "id"`,
      [
        ...columns.map((c) => data[c] ?? null),
        previous.id,
        previous.base_url ?? null,
        previous.password_sealed ?? null,
      ],
    ])
    if (!rows.length) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "The benefits settings were changed by another save meanwhile: reload them and save again."
      )
    }
  }

  /** Puts a row back as it was (compensation of a save). */
  @InjectTransactionManager()
  async restore(
    previous: SettingsRow | null,
    createdId?: string,
    @MedusaContext() sharedContext: Context = {}
  ) {
    if (previous) {
      const {
        id,
        base_url,
        user,
        password_sealed,
        branch,
        enabled,
        token_sealed,
        token_obtained_at,
      } = previous
      await this.settings_.update(
        {
          id,
          base_url,
          user,
          password_sealed,
          branch,
          enabled,
          token_sealed,
          token_obtained_at,
        } as never,
        sharedContext
      )
    } else if (createdId) {
      await this.settings_.delete(createdId, sharedContext)
    }
  }
}
