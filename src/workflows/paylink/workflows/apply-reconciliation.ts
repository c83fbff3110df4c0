/**
 * Applying a reconciliation: what the gateway's own report showed becomes the store's state, once;
 * the same report twice, or overlapping reports, change nothing more
 * (docs/architecture.md#applying-a-reconciliation).
 */
import {
  createHook,
  createWorkflow,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  acquireLockStep,
  releaseLockStep,
  useQueryGraphStep,
} from "@medusajs/medusa/core-flows"
import {
  claimReconciliationStep,
  finishReconciliationStep,
} from "../steps/claim-reconciliation"
import { APPLY_LOCK, APPLY_LOCK_TTL_SECONDS } from "../steps/apply-lock"
import {
  applyAttentionEntriesStep,
  applyShortEntriesStep,
  applyUnverifiedEntriesStep,
  applyVerifiedEntriesStep,
} from "../steps/apply-reconciliation-entries"
import { reconciliationChangesStep } from "../steps/reconciliation-changes"
import {
  applyOverdueEntriesStep,
  applyRenewalEntriesStep,
} from "../steps/apply-subscription-entries"
import { subscriptionChangesStep } from "../steps/subscription-changes"

export type ApplyReconciliationInput = {
  reconciliation_id: string
  actor_id: string | null
  /** The file is this gateway's export although none of its payments matched a link of it. */
  confirm_gateway?: boolean
}

export const APPLIED_RECONCILIATION_FIELDS = [
  "id",
  "gateway",
  "status",
  "file_name",
  "file_sha256",
  "period_start",
  "period_end",
  "counts",
  "applied_changes",
  "created_by",
  "applied_by",
  "applied_at",
  "gateway_mismatch",
]

export const applyReconciliationWorkflow = createWorkflow(
  "apply-paylink-reconciliation",
  (input: ApplyReconciliationInput) => {
    // Claimed before the lock: a second apply of the same reconciliation is refused at once, not queued.
    claimReconciliationStep(input)
    // One apply at a time (steps/apply-lock.ts): owned by this reconciliation, renewed every batch.
    acquireLockStep({
      key: APPLY_LOCK,
      timeout: 120,
      ttl: APPLY_LOCK_TTL_SECONDS,
      ownerId: input.reconciliation_id,
    })
    applyAttentionEntriesStep(input)
    applyUnverifiedEntriesStep(input)
    applyShortEntriesStep(input)
    applyVerifiedEntriesStep(input)
    applyRenewalEntriesStep(input)
    applyOverdueEntriesStep(input)
    finishReconciliationStep(input)
    releaseLockStep({ key: APPLY_LOCK, ownerId: input.reconciliation_id })
    const { attention_record_ids, unverified_order_ids, short_paid_order_ids } =
      reconciliationChangesStep(input)
    const { data } = useQueryGraphStep({
      entity: "paylink_reconciliation",
      fields: APPLIED_RECONCILIATION_FIELDS,
      filters: { id: input.reconciliation_id },
    }).config({ name: "applied-reconciliation" })
    const reconciliation = transform({ data }, ({ data }) => data[0])
    /** Every change the reconciliation made, in any run (docs/extending.md#reconciliationapplied). */
    const reconciliationApplied = createHook("reconciliationApplied", {
      reconciliation,
      unverified_order_ids,
      short_paid_order_ids,
      attention_record_ids,
    })
    const { renewal_orders, overdue_subscriptions } =
      subscriptionChangesStep(input)
    /** Each renewal order the reconciliation made, in any run (docs/extending.md#subscriptionrenewed). */
    const subscriptionRenewed = createHook("subscriptionRenewed", {
      reconciliation,
      renewal_orders,
    })
    /** Each subscription the reconciliation flagged renewal overdue (docs/extending.md#subscriptionrenewaloverdue). */
    const subscriptionRenewalOverdue = createHook(
      "subscriptionRenewalOverdue",
      { reconciliation, subscriptions: overdue_subscriptions }
    )
    return new WorkflowResponse(reconciliation, {
      hooks: [
        reconciliationApplied,
        subscriptionRenewed,
        subscriptionRenewalOverdue,
      ],
    })
  }
)
