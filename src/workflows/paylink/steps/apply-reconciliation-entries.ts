/**
 * The entries of a claimed reconciliation applied in batches, one action at a time: each batch's
 * records, entries and tally are one transaction in the module, an order's flag written before
 * it. Nothing is walked back: a failed run is finished by applying again.
 */
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"
import type { PendingEntry } from "../../../modules/paylink/services/reconciliation-apply"
import type { PaymentVerification } from "../../../types/paylink"
import type { EntryAction } from "../../../types/reconciliation"
import { crashPoint } from "../../../lib/testing/crash-point"
import { renewApplyLock } from "./apply-lock"
import {
  attentionFrom,
  mayFlag,
  ORDER_RECONCILIATION_KEY,
  ORDER_VERIFICATION_KEY,
  ordersToClear,
  ordersToFlag,
  reportAttention,
} from "../../../lib/reconciliation/apply-rules"

type Apply = { reconciliation_id: string }

/** Records moved one by one (each its own compare-and-set), flags a whole batch per statement. */
const ATTENTION_BATCH = 100
const VERIFICATION_BATCH = 500

/** Every pending entry of `action`, a batch at a time, in id order (entries left unapplied are passed over). */
async function eachBatch(
  container: MedusaContainer,
  id: string,
  action: EntryAction,
  size: number,
  apply: (batch: PendingEntry[]) => Promise<void>
) {
  const service = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  let after: string | null = null
  for (;;) {
    const batch = await service.listReconciliationEntriesToApply(
      id,
      action,
      after,
      size
    )
    if (!batch.length) return
    await apply(batch)
    await renewApplyLock(container, id)
    await crashPoint("reconcile:batch-applied")
    after = batch[batch.length - 1].id
  }
}

/** Orders' metadata, read in one query for a batch. */
async function ordersOf(container: MedusaContainer, ids: string[]) {
  if (!ids.length) return []
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "metadata"],
    filters: { id: ids },
  })
  return data as { id: string; metadata: Record<string, unknown> | null }[]
}

/** Merges the flag into each order's metadata (Medusa's order module merges metadata key by key). */
async function flagOrders(
  container: MedusaContainer,
  orderIds: string[],
  verification: PaymentVerification,
  reconciliationId: string
) {
  if (!orderIds.length) return
  await container.resolve(Modules.ORDER).updateOrders(
    orderIds.map((id) => ({
      id,
      metadata: {
        [ORDER_VERIFICATION_KEY]: verification,
        [ORDER_RECONCILIATION_KEY]: reconciliationId,
      },
    }))
  )
}

/** Paid records with no order go to the merchant's "Needs attention" with the report's facts. */
export const applyAttentionEntriesStep = createStep(
  "apply-paylink-reconciliation-attention",
  async ({ reconciliation_id }: Apply, { container }) => {
    const service = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    await eachBatch(
      container,
      reconciliation_id,
      "needs_attention",
      ATTENTION_BATCH,
      async (batch) => {
        const moves = batch.map((e) => ({
          entry_id: e.id,
          record_id: e.record.id,
          from: attentionFrom(e.record_status, e.record.status),
          ...reportAttention(e),
        }))
        await service.applyReconciliationAttentionBatch(
          reconciliation_id,
          moves
        )
      }
    )
    return new StepResponse(undefined)
  }
)

/**
 * Flags `to` (unverified, short) on a batch's records and their orders: an order is flagged only for
 * a record the flag is written on (one it outranks, or that has it already), its order's flag
 * before the record's, so a run stopped between the two writes the same flag again (a no-op).
 */
async function flagBatch(
  container: MedusaContainer,
  reconciliationId: string,
  to: "unverified" | "short",
  batch: PendingEntry[]
) {
  const service = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  const eligible = batch.filter((e) =>
    mayFlag(e.record.payment_verification, to)
  )
  const orderIds = [
    ...new Set(
      eligible.flatMap((e) => (e.record.order_id ? [e.record.order_id] : []))
    ),
  ]
  await flagOrders(
    container,
    ordersToFlag(await ordersOf(container, orderIds), to),
    to,
    reconciliationId
  )
  await service.applyReconciliationVerificationBatch(
    reconciliationId,
    to,
    batch.map((e) => ({ entry_id: e.id, record_id: e.record.id }))
  )
}

/**
 * Orders with no payment in a report covering their day: the record flagged `unverified` (only if
 * never reconciled) and its order's metadata too. Nothing else of the order changes: the merchant
 * decides.
 */
export const applyUnverifiedEntriesStep = createStep(
  "apply-paylink-reconciliation-unverified",
  async ({ reconciliation_id }: Apply, { container }) => {
    await eachBatch(
      container,
      reconciliation_id,
      "unverified",
      VERIFICATION_BATCH,
      (batch) => flagBatch(container, reconciliation_id, "unverified", batch)
    )
    return new StepResponse(undefined)
  }
)

/**
 * Completed records whose row shows less money than they owe, or another currency: the record
 * flagged `short` (over any other verification) and its order's metadata too, like an unverified
 * one, so the merchant checks the money before shipping. Nothing else of the order changes.
 */
export const applyShortEntriesStep = createStep(
  "apply-paylink-reconciliation-short",
  async ({ reconciliation_id }: Apply, { container }) => {
    await eachBatch(
      container,
      reconciliation_id,
      "short",
      VERIFICATION_BATCH,
      (batch) => flagBatch(container, reconciliation_id, "short", batch)
    )
    return new StepResponse(undefined)
  }
)

/** Records the report shows paid: verified (unless flagged short), and an order an earlier report flagged unverified is cleared. */
export const applyVerifiedEntriesStep = createStep(
  "apply-paylink-reconciliation-verified",
  async ({ reconciliation_id }: Apply, { container }) => {
    const service = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    await eachBatch(
      container,
      reconciliation_id,
      "verified",
      VERIFICATION_BATCH,
      async (batch) => {
        // A record flagged short keeps it, and so does its order.
        const eligible = batch.filter((e) =>
          mayFlag(e.record.payment_verification, "verified")
        )
        const orderIds = [
          ...new Set(
            eligible.flatMap((e) =>
              e.record.order_id ? [e.record.order_id] : []
            )
          ),
        ]
        await flagOrders(
          container,
          ordersToClear(await ordersOf(container, orderIds)),
          "verified",
          reconciliation_id
        )
        await service.applyReconciliationVerificationBatch(
          reconciliation_id,
          "verified",
          batch.map((e) => ({ entry_id: e.id, record_id: e.record.id }))
        )
      }
    )
    return new StepResponse(undefined)
  }
)
