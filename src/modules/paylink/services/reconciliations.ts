/**
 * The reconciliation store: the mapping kept per gateway, the reconciliation row and its progress,
 * and the background read's batched writes. The reading rules are src/lib/reconciliation (pure);
 * the file is in Medusa's File module, which the workflow steps stream.
 */
import type { SubscriptionStatus } from "../../../types/subscriptions"
import type {
  Context,
  InferTypeOf,
  ModulesSdkTypes,
} from "@medusajs/framework/types"
import {
  generateEntityId,
  InjectManager,
  InjectTransactionManager,
  MedusaContext,
} from "@medusajs/framework/utils"
import { executeIn, executeOne } from "../../../lib/common/shared-transaction"
import * as SQL from "../repositories/reconciliation-read-sql"
import type { BadRowInsert, EntryInsert, ReadProgress } from "../types"
import * as DELETE_SQL from "../repositories/reconciliation-delete-sql"
import { gatewayMismatch, type ReportPeriod } from "../../../lib/reconciliation"
import type PaylinkReconciliationMapping from "../models/paylink-reconciliation-mapping"
import {
  RECONCILIATION_GROUPS,
  type ReconciliationCounts,
  type ReconciliationGateway,
  type ReconciliationMapping,
} from "../../../types/reconciliation"
import type {
  CheckoutStatus,
  PaymentVerification,
} from "../../../types/paylink"

type MappingRow = InferTypeOf<typeof PaylinkReconciliationMapping>

/** What a mapping save replaced: the compensation puts it back (`previous` null: the row was new). */
export type MappingSave = {
  gateway: ReconciliationGateway
  id: string
  previous: Pick<MappingRow, "mapping" | "updated_by"> | null
}

/** A record as the read matches it: what classifyPayment needs, and what the entry shows. */
export type MatchedRecord = {
  id: string
  number: number
  checkout_id: string | null
  gateway: string
  status: CheckoutStatus
  cents: bigint
  /** Upper-case, as the report's currencies. */
  currency: string
  order_id: string | null
  canceled_by: "customer" | "store" | null
  payment_verification: PaymentVerification | null
  /** When the link was made: a payment older than that is another link's. */
  created_at: Date
  /** Why it needs attention (its reason's code), when it does. */
  attention_code: string | null
  /** A subscription link: its return, else its completion (the first payment came before). */
  /**
   * A subscription link: when its first payment was made at the latest (the report's row that
   * handed it to the merchant, else its return, else its completion).
   */
  first_paid_by: Date | null
  plan: unknown
  subscription_status: SubscriptionStatus | null
  subscription_ended_at: Date | null
}

type Cradle = {
  /** Read by @InjectManager, which opens a manager when the caller passed none. */
  baseRepository: unknown
  paylinkReconciliationMappingService: ModulesSdkTypes.IMedusaInternalService<
    typeof PaylinkReconciliationMapping
  >
}

/** A reconciliation marked deleted: its file and the mark's instant (what the undo and the purge compare). */
export type DeletionMark = { id: string; file_key: string; deleted_at: Date }

export class ReconciliationService {
  protected readonly baseRepository_: Cradle["baseRepository"]
  protected readonly mappings_: Cradle["paylinkReconciliationMappingService"]

  constructor({ baseRepository, paylinkReconciliationMappingService }: Cradle) {
    this.baseRepository_ = baseRepository
    this.mappings_ = paylinkReconciliationMappingService
  }

  /** The mapping kept from the gateway's last file, or null. */
  async mappingOf(
    gateway: ReconciliationGateway,
    sharedContext: Context = {}
  ): Promise<ReconciliationMapping | null> {
    const [row] = await this.mappings_.list(
      { gateway },
      { take: 1 },
      sharedContext
    )
    return (row?.mapping as ReconciliationMapping | undefined) ?? null
  }

  /**
   * Keeps `mapping` for the gateway's next file: one upsert on the unique index on gateway, so two
   * saves at once cannot make two rows. Returns what it replaced, for the compensation.
   */
  @InjectManager()
  async saveMapping(
    gateway: ReconciliationGateway,
    mapping: ReconciliationMapping,
    userId: string | null,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<MappingSave> {
    const [before] = await this.mappings_.list(
      { gateway },
      { take: 1 },
      sharedContext
    )
    const [row] = await executeOne(sharedContext, [
      `insert into "paylink_reconciliation_mapping" ("id", "gateway", "mapping", "updated_by") values (?, ?, ?, ?)
       on conflict ("gateway") where "deleted_at" is null
       do update set "mapping" = excluded."mapping", "updated_by" = excluded."updated_by", "updated_at" = now()
       returning "id"`,
      [
        generateEntityId(undefined, "plrcm"),
        gateway,
        JSON.stringify(mapping),
        userId,
      ],
    ])
    return {
      gateway,
      id: row.id as string,
      previous: before
        ? { mapping: before.mapping, updated_by: before.updated_by }
        : null,
    }
  }

  /** Puts the gateway's mapping back as the save found it (the row deleted when the save made it). */
  @InjectManager()
  async restoreMapping(
    save: MappingSave,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    if (save.previous) {
      await this.mappings_.update(
        { id: save.id, ...save.previous },
        sharedContext
      )
    } else {
      await this.mappings_.delete(save.id, sharedContext)
    }
  }

  // ---- The background read: one statement per batch each, idempotent (repositories/reconciliation-read-sql)

  /** The records a batch names by number or checkout id (every gateway), oldest first. */
  @InjectManager()
  async findRecords(
    numbers: number[],
    checkoutIds: string[],
    @MedusaContext() sharedContext: Context = {}
  ): Promise<MatchedRecord[]> {
    if (!numbers.length && !checkoutIds.length) return []
    const rows = await executeOne(
      sharedContext,
      SQL.findRecords(numbers, checkoutIds)
    )
    return rows.map((r) => ({
      ...(r as unknown as MatchedRecord),
      cents: BigInt(r.cents as string),
      created_at: new Date(r.created_at as string),
      subscription_ended_at: r.subscription_ended_at
        ? new Date(r.subscription_ended_at as string)
        : null,
      first_paid_by: r.first_paid_by
        ? new Date(r.first_paid_by as string)
        : null,
    }))
  }

  /** A batch's entries, bad rows and progress, together or not at all. */
  @InjectTransactionManager()
  async writeBatch(
    reconciliationId: string,
    entries: EntryInsert[],
    badRows: BadRowInsert[],
    progress: ReadProgress,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    if (entries.length)
      await executeIn(
        sharedContext,
        SQL.insertEntries(reconciliationId, entries)
      )
    if (badRows.length)
      await executeIn(
        sharedContext,
        SQL.insertBadRows(reconciliationId, badRows)
      )
    await executeIn(
      sharedContext,
      SQL.progressUpdate(reconciliationId, progress)
    )
  }

  /**
   * The read's end: the orders with no payment in the period (records of `gateways`, the products
   * sharing the report's gateway), the counts, whether no payment matched this gateway while it has
   * orders in the period (gatewayMismatch), status ready. False when another reader finished first.
   */
  @InjectTransactionManager()
  async finishRead(
    reconciliationId: string,
    gateways: string[],
    period: ReportPeriod,
    progress: ReadProgress,
    overdue: SQL.OverdueInsert[],
    @MedusaContext() sharedContext: Context = {}
  ): Promise<boolean> {
    if (
      !(await executeIn(sharedContext, SQL.lockReading(reconciliationId)))
        .length
    )
      return false
    if (overdue.length)
      await executeIn(
        sharedContext,
        SQL.insertOverdueRenewals(reconciliationId, overdue)
      )
    // A report with no dated row covers no day: no order can be missing from it.
    if (period.start && period.end && period.until) {
      await executeIn(sharedContext, SQL.analyzeEntries)
      await executeIn(
        sharedContext,
        SQL.insertUnpaidOrders(
          reconciliationId,
          gateways,
          period.start,
          period.until
        )
      )
    }
    const counted = await executeIn(
      sharedContext,
      SQL.countEntries(reconciliationId)
    )
    const counts = Object.fromEntries(
      RECONCILIATION_GROUPS.map((g) => [g, 0])
    ) as ReconciliationCounts
    for (const row of counted)
      counts[row.group as keyof ReconciliationCounts] = Number(row.n)
    return (
      (
        await executeIn(
          sharedContext,
          SQL.finishUpdate(
            reconciliationId,
            period,
            progress,
            counts,
            gatewayMismatch(counts)
          )
        )
      ).length > 0
    )
  }

  /** A file that cannot be read at all: status failed, with the reason as a sentence. */
  @InjectManager()
  async failRead(
    reconciliationId: string,
    error: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<boolean> {
    return (
      (await executeOne(sharedContext, SQL.failUpdate(reconciliationId, error)))
        .length > 0
    )
  }

  /** One more failed write of the batch starting at `firstLine`: the failures in a row there (0: no longer reading). */
  @InjectManager()
  async recordBatchFailure(
    reconciliationId: string,
    firstLine: number,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<number> {
    const [row] = await executeOne(
      sharedContext,
      SQL.recordBatchFailure(reconciliationId, firstLine)
    )
    return row ? Number(row.read_failures) : 0
  }

  /** Reads left `reading` with no progress since `before` (their process stopped), each taken by one caller. */
  @InjectManager()
  async claimStaleReads(
    before: Date,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<string[]> {
    return (await executeOne(sharedContext, SQL.claimStaleReads(before))).map(
      (r) => r.id as string
    )
  }

  // ---- Deleting a failed or unapplied reconciliation (repositories/reconciliation-delete-sql)

  /** Marks it deleted when `failed` or `ready`; else its status (null: there is none). */
  @InjectTransactionManager()
  async markDeleted(
    id: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<
    DeletionMark | { status: string | null; partly_applied: boolean }
  > {
    const at = new Date()
    const [marked] = await executeIn(
      sharedContext,
      DELETE_SQL.markDeleted(id, at)
    )
    if (marked)
      return { id, file_key: marked.file_key as string, deleted_at: at }
    const [row] = await executeIn(sharedContext, DELETE_SQL.statusOf(id))
    return {
      status: (row?.status as string | undefined) ?? null,
      partly_applied: row?.partly_applied === true,
    }
  }

  @InjectManager()
  async unmarkDeleted(
    mark: DeletionMark,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    await executeOne(
      sharedContext,
      DELETE_SQL.unmarkDeleted(mark.id, mark.deleted_at)
    )
  }

  @InjectManager()
  async fileInUse(
    fileKey: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<boolean> {
    return (
      (await executeOne(sharedContext, DELETE_SQL.fileInUse(fileKey))).length >
      0
    )
  }

  /** The marked reconciliation, its entries and bad rows, and (its file gone) its upload's record, together. */
  @InjectTransactionManager()
  async purgeDeleted(
    mark: DeletionMark,
    fileGone: boolean,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    await executeIn(sharedContext, DELETE_SQL.purgeEntries(mark.id))
    await executeIn(sharedContext, DELETE_SQL.purgeBadRows(mark.id))
    await executeIn(
      sharedContext,
      DELETE_SQL.purgeReconciliation(mark.id, mark.deleted_at)
    )
    if (fileGone)
      await executeIn(sharedContext, DELETE_SQL.forgetUpload(mark.file_key))
  }
}
