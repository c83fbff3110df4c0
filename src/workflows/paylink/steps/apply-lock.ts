/**
 * The lock that lets one reconciliation apply at a time, so two overlapping reports cannot cross
 * their flags. Owned by the reconciliation being applied: a taken-over apply of the same
 * reconciliation (its process stopped) holds it at once, and a finished apply releases only its
 * own. An apply renews it after every batch, so one that runs longer than its time to live (a
 * report of thousands of renewal orders) keeps it; a crashed one's lock is gone after that time.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { STALE_APPLY_MS } from "../../../modules/paylink/repositories/reconciliation-apply-sql"

export const APPLY_LOCK = "paylink-reconciliation-apply"
export const APPLY_LOCK_TTL_SECONDS = Math.ceil(STALE_APPLY_MS / 1000)

/** Extends the apply's lock by its time to live (the same owner acquiring it again). */
export async function renewApplyLock(
  container: Pick<MedusaContainer, "resolve">,
  reconciliationId: string
) {
  await container.resolve(Modules.LOCKING).acquire(APPLY_LOCK, {
    ownerId: reconciliationId,
    expire: APPLY_LOCK_TTL_SECONDS,
  })
}
