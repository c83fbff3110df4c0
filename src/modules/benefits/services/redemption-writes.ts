/**
 * The apply's writes of a redemption, one statement each (the generated create and update take 3 or
 * 4 round trips); each joins the caller's transaction when there is one.
 */
import type { Context } from "@medusajs/framework/types"
import {
  BigNumber,
  generateEntityId,
  InjectManager,
  MedusaContext,
  MedusaError,
} from "@medusajs/framework/utils"
import { executeOne } from "../../../lib/common/shared-transaction"
import { centsToDecimal, toCents } from "../../../lib/common/money"

export type NewRedemption = {
  cart_id: string
  rule_id: string
  benefit_code: number
  card_last4: string
  card_fingerprint: string
  /** Major units as text ("20.50"); stored exactly, as the model's bigNumber column stores them. */
  discount: string
  total: string
  currency_code: string
  status: "pending"
  reference: string
  attempt: number
}

/** Columns an apply writes after the insert; nothing else is written this way. */
export type RedemptionPatch = Partial<{
  status: "authorized" | "failed" | "unknown"
  authorization: string
  confirmation: string
  authorized_at: Date
  failure_reason: string
  promotion_id: string
  promotion_code: string
}>
const PATCHABLE = [
  "status",
  "authorization",
  "confirmation",
  "authorized_at",
  "failure_reason",
  "promotion_id",
  "promotion_code",
] as const

/** A money column's value and its raw twin, from major units as text. */
function money(text: string) {
  const decimal = centsToDecimal(toCents(text))
  return [decimal, JSON.stringify(new BigNumber(decimal).raw)] as const
}

export class RedemptionWriteService {
  /** Read by @InjectManager for the manager a write runs on when the caller has no transaction. */
  protected readonly baseRepository_: unknown

  constructor({ baseRepository }: { baseRepository: unknown }) {
    this.baseRepository_ = baseRepository
  }

  /** INSERT ... RETURNING. */
  @InjectManager()
  async open(
    input: NewRedemption,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ id: string }> {
    const [discount, rawDiscount] = money(input.discount)
    const [total, rawTotal] = money(input.total)
    const values: Record<string, unknown> = {
      id: generateEntityId(undefined, "bred"),
      cart_id: input.cart_id,
      rule_id: input.rule_id,
      benefit_code: input.benefit_code,
      card_last4: input.card_last4,
      card_fingerprint: input.card_fingerprint,
      reference: input.reference,
      attempt: input.attempt,
      discount,
      raw_discount: rawDiscount,
      total,
      raw_total: rawTotal,
      currency_code: input.currency_code,
      status: input.status,
    }
    const columns = Object.keys(values)
    const [row] = await executeOne(sharedContext, [
      `insert into "benefit_redemption" (${columns.map((c) => `"${c}"`).join(", ")}) values (${columns.map(() => "?").join(", ")}) returning "id"`,
      columns.map((c) => values[c]),
    ])
    return row as { id: string }
  }

  @InjectManager()
  async patch(
    id: string,
    patch: RedemptionPatch,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    const columns = PATCHABLE.filter((c) => c in patch)
    const sets = ['"updated_at" = now()', ...columns.map((c) => `"${c}" = ?`)]
    const rows = await executeOne(sharedContext, [
      `update "benefit_redemption" set ${sets.join(", ")} where "id" = ? and "deleted_at" is null returning "id"`,
      [...columns.map((c) => patch[c] ?? null), id],
    ])
    if (!rows.length) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `BenefitRedemption with id: ${id} was not found`
      )
    }
  }
}
