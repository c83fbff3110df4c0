/**
 * The statements of applying a reconciliation. Each write is a compare-and-set or guarded by the
 * state it changes, so the same report twice, or two that overlap, change nothing twice.
 */
import type { PaymentVerification } from "../../../types/paylink"
import type { EntryAction } from "../../../types/reconciliation"
import type { Statement } from "./statement"
import { PACING } from "../../../lib/testing/pacing"

/** `(?, ?, ?)` for a non-empty list: knex expands an array bound to one `?` into a list, so `= any(?)` cannot take one. */
const list = (ids: readonly string[]) => `(${ids.map(() => "?").join(", ")})`

/**
 * How long an apply may go without finishing a batch before another may take it over: its process
 * stopped (a crash runs no compensation). Every batch touches `updated_at`, and a batch takes
 * seconds, so a live apply is never taken over. Tests shorten it (lib/testing/pacing).
 */
export const STALE_APPLY_MS = PACING.staleApplyAfterMs

/** The same, as the refusal of a second apply says it. */
export const STALE_APPLY_TEXT =
  STALE_APPLY_MS % 60_000 === 0
    ? `${STALE_APPLY_MS / 60_000} minutes`
    : `${STALE_APPLY_MS / 1000} seconds`

/**
 * `ready` (or a stale `applying`) → `applying`, for exactly one caller; one whose file matched none
 * of its gateway's links only when the merchant confirmed it is that gateway's export.
 */
export function claimStatement(id: string, confirmGateway = false): Statement {
  return [
    `update "paylink_reconciliation" set "status" = 'applying', "updated_at" = now()
      where "id" = ? and "deleted_at" is null and ("gateway_mismatch" is null or ?::boolean)
        and ("status" = 'ready' or ("status" = 'applying' and "updated_at" < now() - make_interval(secs => ?)))
      returning "id"`,
    [id, confirmGateway, STALE_APPLY_MS / 1000],
  ]
}

/** The compensation of a claim: `applying` → `ready` (what was applied stays, marked on its entries). */
export function releaseStatement(id: string): Statement {
  return [
    `update "paylink_reconciliation" set "status" = 'ready', "updated_at" = now() where "id" = ? and "deleted_at" is null and "status" = 'applying' returning "id"`,
    [id],
  ]
}

/** `applying` → `applied`, with who and when. */
export function finishStatement(id: string, actorId: string | null): Statement {
  return [
    `update "paylink_reconciliation" set "status" = 'applied', "applied_by" = ?, "applied_at" = now(), "updated_at" = now(),
       "applied_changes" = coalesce("applied_changes", '{"needs_attention":0,"unverified":0,"verified":0,"short":0,"renewal_order":0,"renewal_overdue":0}'::jsonb)
     where "id" = ? and "deleted_at" is null and "status" = 'applying' returning "id"`,
    [actorId, id],
  ]
}

/** The compensation of a finish (a hook handler threw): `applied` → `ready`, as if never finished. */
export function unfinishStatement(id: string): Statement {
  return [
    `update "paylink_reconciliation" set "status" = 'ready', "applied_by" = null, "applied_at" = null, "updated_at" = now() where "id" = ? and "deleted_at" is null and "status" = 'applied' returning "id"`,
    [id],
  ]
}

/** Why a claim failed: the row as it is (none: not found), and whether an `applying` one could be taken over. */
export function statusStatement(id: string): Statement {
  return [
    `select "status", "applied_at", "gateway", "gateway_mismatch", "updated_at" < now() - make_interval(secs => ?) as "stale"
       from "paylink_reconciliation" where "id" = ? and "deleted_at" is null`,
    [STALE_APPLY_MS / 1000, id],
  ]
}

/**
 * The next entries of one action still to apply, in id order after `afterId` (keyset paging: a
 * batch never reads what an earlier one did), each with its record as it is now and the row and
 * file it came from. Amounts as text (numeric, major units) for toCents.
 */
export function pendingStatement(
  reconciliationId: string,
  action: EntryAction,
  afterId: string | null,
  limit: number
): Statement {
  return [
    `select e."id", e."checkout_record_id", e."record_status", e."paid_at", e."reported_amount"::text as "reported_amount", e."reported_currency",
            e."line", e."card_last4", e."authorization", r."file_name",
            c."number", c."status", c."gateway", c."origin", c."order_id", c."amount"::text as "amount", c."currency_code",
            c."payment_verification", c."attention_detail"
       from "paylink_reconciliation_entry" e
       join "paylink_checkout" c on c."id" = e."checkout_record_id" and c."deleted_at" is null
       join "paylink_reconciliation" r on r."id" = e."reconciliation_id"
      where e."reconciliation_id" = ? and e."action" = ? and e."applied" = false and e."deleted_at" is null and e."id" > ?
      order by e."id" limit ?`,
    [reconciliationId, action, afterId ?? "", limit],
  ]
}

/**
 * Writes `to` on the records that hold one of `replaces` (null: never reconciled), and on no other:
 * a record already holding `to`, or one that outranks it (lib/reconciliation/apply-rules.ts
 * VERIFICATION_PRECEDENCE), is left untouched. `verified_at` is the moment of a verification, null
 * for a flag. The ids it changed.
 */
export function setVerificationStatement(
  reconciliationId: string,
  to: PaymentVerification,
  recordIds: string[],
  replaces: readonly (PaymentVerification | null)[]
): Statement {
  const values = replaces.filter((v): v is PaymentVerification => v !== null)
  const guard = [
    ...(replaces.includes(null) ? [`"payment_verification" is null`] : []),
    ...(values.length ? [`"payment_verification" in ${list(values)}`] : []),
  ]
  return [
    `update "paylink_checkout" set "payment_verification" = ?, "verified_at" = ${to === "verified" ? "now()" : "null"},
            "verification_reconciliation_id" = ?, "updated_at" = now()
      where "id" in ${list(recordIds)} and "deleted_at" is null and (${guard.length ? guard.join(" or ") : "false"}) returning "id"`,
    [to, reconciliationId, ...recordIds, ...values],
  ]
}

/**
 * Entries whose change happened or was already in place; `changedIds` (of them) are those whose
 * record this batch changed. One statement with the batch's writes, so `changed` is exactly what
 * the tally counted.
 */
export function markAppliedStatement(
  entryIds: string[],
  changedIds: string[]
): Statement {
  const changed = changedIds.length ? `"id" in ${list(changedIds)}` : "false"
  return [
    `update "paylink_reconciliation_entry" set "applied" = true, "changed" = ${changed}, "updated_at" = now()
      where "id" in ${list(entryIds)} and "applied" = false returning "id"`,
    [...changedIds, ...entryIds],
  ]
}

/** A renewal's entry points at the order it made (the link's first order until then). */
export function renewalOrdersOfEntries(entryIds: string[]): Statement {
  return [
    `update "paylink_reconciliation_entry" e set "order_id" = v."order_id", "updated_at" = now()
       from "paylink_subscription_event" v
      where v."entry_id" = e."id" and v."kind" = 'renewal' and v."order_id" is not null and v."deleted_at" is null
        and e."id" in ${list(entryIds)}`,
    [...entryIds],
  ]
}

/**
 * What a reconciliation changed, across every run of its apply: the entries that moved a record
 * to `needs_attention` or flagged it `unverified` or `short`, with the record's order. One query; the
 * (reconciliation_id, group) index finds the reconciliation's entries.
 */
export function changesStatement(reconciliationId: string): Statement {
  return [
    `select e."action", e."checkout_record_id", c."order_id"
       from "paylink_reconciliation_entry" e
       left join "paylink_checkout" c on c."id" = e."checkout_record_id" and c."deleted_at" is null
      where e."reconciliation_id" = ? and e."changed" = true and e."action" in ('needs_attention', 'unverified', 'short') and e."deleted_at" is null
      order by e."id"`,
    [reconciliationId],
  ]
}

/**
 * Adds `count` changes of `action` to the reconciliation's tally (kept across a failed and a
 * retried apply), and marks the apply alive (`updated_at`), after every batch.
 */
export function countStatement(
  reconciliationId: string,
  action: EntryAction,
  count: number
): Statement {
  return [
    `update "paylink_reconciliation"
        set "updated_at" = now(), "applied_changes" = coalesce("applied_changes", '{"needs_attention":0,"unverified":0,"verified":0,"short":0,"renewal_order":0,"renewal_overdue":0}'::jsonb)
          || jsonb_build_object(?::text, coalesce(("applied_changes"->>?)::int, 0) + ?::int)
      where "id" = ? returning "id"`,
    [action, action, count, reconciliationId],
  ]
}

/** The records' verification as it is now (in the batch's transaction, after its write). */
export function verificationStatement(recordIds: string[]): Statement {
  return [
    `select "id", "payment_verification" from "paylink_checkout" where "id" in ${list(recordIds)} and "deleted_at" is null`,
    [...recordIds],
  ]
}
