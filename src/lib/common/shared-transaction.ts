/**
 * Raw SQL on the caller's transaction, for the compare-and-set writes MikroORM cannot express,
 * and the reads that follow them. Both take the `sharedContext` a method decorated with
 * `@InjectTransactionManager()` received, whose `transactionManager` is the transaction's EntityManager.
 */
import type { Context } from "@medusajs/framework/types"

type Manager = {
  execute(
    sql: string,
    params?: unknown[]
  ): Promise<Array<Record<string, unknown>>>
  fork(options: {
    clear: boolean
    keepTransactionContext: boolean
    disableContextResolution: boolean
  }): Manager
}

/** One statement on the shared context's transaction; the rows it returns. */
export async function executeIn(
  sharedContext: Context,
  [sql, params]: [string, unknown[]]
) {
  return await (sharedContext.transactionManager as Manager).execute(
    sql,
    params
  )
}

/** On the caller's transaction when there is one, else alone: one statement needs no BEGIN/COMMIT. */
export async function executeOne(
  sharedContext: Context,
  [sql, params]: [string, unknown[]]
) {
  return await (
    (sharedContext.transactionManager ?? sharedContext.manager) as Manager
  ).execute(sql, params)
}

/**
 * The same transaction with an empty identity map: an entity read before a raw UPDATE would
 * otherwise be handed back as it was (MikroORM merges a re-read into it, and skips the nulls).
 */
export function freshReads(sharedContext: Context): Context {
  const manager = sharedContext.transactionManager as Manager | undefined
  return manager
    ? {
        ...sharedContext,
        transactionManager: manager.fork({
          clear: true,
          keepTransactionContext: true,
          disableContextResolution: true,
        }),
      }
    : sharedContext
}
