/**
 * A reconciliation's subscription entries applied: each renewal recorded on its subscription (once
 * per charge instant, whatever files or runs show it) and its order made, then each missed renewal
 * flagged. An entry is marked applied after its renewal's order is made, so a run stopped in between
 * meets the entry again, finds the renewal recorded with its order's id, and finishes that order
 * (docs/subscriptions.md#renewal-orders).
 */
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { MedusaContainer } from "@medusajs/framework/types"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"
import type { PendingEntry } from "../../../modules/paylink/services/reconciliation-apply"
import type { EntryAction } from "../../../types/reconciliation"
import { crashPoint } from "../../../lib/testing/crash-point"
import { renewApplyLock } from "./apply-lock"
import { makeRenewalOrder } from "../../subscriptions/steps/make-renewal-order"
import { gapMsOf } from "../../../lib/subscriptions/schedule"

type Apply = { reconciliation_id: string }

/** A batch is marked applied together, after its orders are made, a few at a time. */
const RENEWAL_BATCH = 20
/**
 * Renewal orders made at once. Each is a few workflows; on 2 cores bench/renewals.js made 6.7
 * orders/s at 4 against 5.9 at 1 (200 renewals): the database's waits overlap, the CPU does not.
 */
export const RENEWAL_ORDER_CONCURRENCY = Number(
  process.env.PAYLINK_RENEWAL_ORDER_CONCURRENCY || 4
)

/** `work` on each item, at most `limit` at a time; the first failure is thrown once all have settled. */
async function inPool<T>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<unknown>
) {
  let next = 0
  const failures: unknown[] = []
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]
      await work(item).catch((e) => failures.push(e))
    }
  }
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, worker)
  )
  if (failures.length) throw failures[0]
}
const OVERDUE_BATCH = 200

async function eachBatch(
  container: Pick<MedusaContainer, "resolve">,
  id: string,
  action: EntryAction,
  size: number,
  apply: (batch: PendingEntry[]) => Promise<string[]>
) {
  const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  let after: string | null = null
  for (;;) {
    const batch = await paylink.listReconciliationEntriesToApply(
      id,
      action,
      after,
      size
    )
    if (!batch.length) return
    const changed = await apply(batch)
    await paylink.markReconciliationEntriesApplied(
      id,
      action,
      batch.map((e) => e.id),
      changed
    )
    await renewApplyLock(container, id)
    await crashPoint("reconcile:batch-applied")
    after = batch[batch.length - 1].id
  }
}

/**
 * Renewals of the link's amount: recorded on the subscription, and, unless the merchant turned
 * renewal orders off, made into an order. An entry is changed when its renewal was recorded by this
 * reconciliation (the same charge from another file was recorded before: nothing more).
 */
export const applyRenewalEntriesStep = createStep(
  "apply-paylink-reconciliation-renewals",
  async ({ reconciliation_id }: Apply, { container }) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    const makeOrders = await paylink.renewalOrdersEnabled()
    const gapMs = gapMsOf(paylink.getPluginOptions().renewalGapMinutes)
    await eachBatch(
      container,
      reconciliation_id,
      "renewal_order",
      RENEWAL_BATCH,
      async (batch) => {
        const changed: string[] = []
        const toMake: string[] = []
        for (const e of batch) {
          const renewal = await paylink.recordSubscriptionRenewal({
            record_id: e.record.id,
            at: e.paid_at!,
            cents: e.reported_cents!,
            currency_code: e.reported_currency ?? e.record.currency,
            reconciliation_id,
            entry_id: e.id,
            file_name: e.row.file_name,
            line: e.row.line,
            card_last4: e.row.card_last4,
            authorization: e.row.authorization,
            make_order: makeOrders,
            gap_ms: gapMs,
          })
          if (!renewal) continue
          if (renewal.recorded) changed.push(e.id)
          if (renewal.order_state === "making") toMake.push(renewal.event_id)
        }
        await inPool(toMake, RENEWAL_ORDER_CONCURRENCY, async (id) => {
          const outcome = await makeRenewalOrder(container, id)
          // Recorded, its order left to the renewal-orders job: the apply goes on.
          if (outcome.state === "making")
            container
              .resolve("logger")
              .warn(
                `paylink: the order of renewal ${id} is left for the renewal-orders job: ${outcome.error}`
              )
        })
        return changed
      }
    )
    return new StepResponse(undefined)
  }
)

/** Subscriptions whose expected charge the report showed missing: `renewal_overdue`, unless paid meanwhile or ended. */
export const applyOverdueEntriesStep = createStep(
  "apply-paylink-reconciliation-overdue",
  async ({ reconciliation_id }: Apply, { container }) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    await eachBatch(
      container,
      reconciliation_id,
      "renewal_overdue",
      OVERDUE_BATCH,
      async (batch) => {
        const changed: string[] = []
        for (const e of batch) {
          if (
            await paylink.flagSubscriptionOverdue(e.record.id, e.paid_at!, {
              reconciliation_id,
              entry_id: e.id,
              file_name: e.row.file_name,
            })
          )
            changed.push(e.id)
        }
        return changed
      }
    )
    return new StepResponse(undefined)
  }
)
