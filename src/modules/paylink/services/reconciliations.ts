/**
 * The reconciliation store: the mapping kept per gateway, the reconciliation row and its progress,
 * and the batched writes of the background read (one query per batch, never one per row). The
 * reading rules (CSV, amounts, classification) are src/lib/reconciliation, pure; the file itself is
 * in Medusa's File module, which the workflow steps stream (a module cannot reach another one).
 */
import type { Context, InferTypeOf, ModulesSdkTypes } from "@medusajs/framework/types"
import { generateEntityId, InjectManager, MedusaContext } from "@medusajs/framework/utils"
import { executeOne } from "../../../lib/shared-transaction"
import type PaylinkReconciliationMapping from "../models/paylink-reconciliation-mapping"
import type { ReconciliationGateway, ReconciliationMapping } from "../../../types/reconciliation"

type MappingRow = InferTypeOf<typeof PaylinkReconciliationMapping>

/** What a mapping save replaced: the compensation puts it back (`previous` null: the row was new). */
export type MappingSave = { gateway: ReconciliationGateway; id: string; previous: Pick<MappingRow, "mapping" | "updated_by"> | null }

type Cradle = {
  /** Read by @InjectManager, which opens a manager when the caller passed none. */
  baseRepository: unknown
  paylinkReconciliationMappingService: ModulesSdkTypes.IMedusaInternalService<typeof PaylinkReconciliationMapping>
}

export class ReconciliationService {
  protected readonly baseRepository_: Cradle["baseRepository"]
  protected readonly mappings_: Cradle["paylinkReconciliationMappingService"]

  constructor({ baseRepository, paylinkReconciliationMappingService }: Cradle) {
    this.baseRepository_ = baseRepository
    this.mappings_ = paylinkReconciliationMappingService
  }

  /** The mapping kept from the gateway's last file, or null. */
  async mappingOf(gateway: ReconciliationGateway, sharedContext: Context = {}): Promise<ReconciliationMapping | null> {
    const [row] = await this.mappings_.list({ gateway }, { take: 1 }, sharedContext)
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
    const [before] = await this.mappings_.list({ gateway }, { take: 1 }, sharedContext)
    const [row] = await executeOne(sharedContext, [
      `insert into "paylink_reconciliation_mapping" ("id", "gateway", "mapping", "updated_by") values (?, ?, ?, ?)
       on conflict ("gateway") where "deleted_at" is null
       do update set "mapping" = excluded."mapping", "updated_by" = excluded."updated_by", "updated_at" = now()
       returning "id"`,
      [generateEntityId(undefined, "plrcm"), gateway, JSON.stringify(mapping), userId],
    ])
    return { gateway, id: row.id as string, previous: before ? { mapping: before.mapping, updated_by: before.updated_by } : null }
  }

  /** Puts the gateway's mapping back as the save found it (the row deleted when the save made it). */
  @InjectManager()
  async restoreMapping(save: MappingSave, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    if (save.previous) {
      await this.mappings_.update({ id: save.id, ...save.previous }, sharedContext)
    } else {
      await this.mappings_.delete(save.id, sharedContext)
    }
  }
}
