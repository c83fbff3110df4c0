/**
 * Applying a reconciliation, the module's side: the claim, the entries still to apply (keyset
 * batches) and one batch's writes (records, entries marked applied, tally) in one transaction.
 * Every write is guarded by the state it changes, so applying again changes nothing twice.
 */
import type { Context } from "@medusajs/framework/types"
import {
  InjectManager,
  InjectTransactionManager,
  MedusaContext,
  MedusaError,
} from "@medusajs/framework/utils"
import { executeIn, executeOne } from "../../../lib/common/shared-transaction"
import { toCents } from "../../../lib/common/money"
import { echo } from "../../../lib/common/echo"
import { crashPoint } from "../../../lib/testing/crash-point"
import {
  gatewayMismatchRefusal,
  holdsAtLeast,
  replacedBy,
} from "../../../lib/reconciliation/apply-rules"
import type {
  AttentionDetail,
  AttentionReason,
} from "../../../lib/attention/attention-reason"
import type {
  CheckoutOrigin,
  CheckoutStatus,
  Gateway,
  PaymentVerification,
} from "../../../types/paylink"
import type {
  EntryAction,
  ReconciliationGateway,
  ReconciliationGatewayMismatch,
} from "../../../types/reconciliation"
import type { CheckoutRecordService } from "./checkout-records"
import * as SQL from "../repositories/reconciliation-apply-sql"

/** An entry still to apply, with its record as it is now (amounts in cents). */
export type PendingEntry = {
  id: string
  /** The record's status when the report was read: the state the entry's action was decided on. */
  record_status: CheckoutStatus
  paid_at: Date | null
  reported_cents: bigint | null
  reported_currency: string | null
  /** Where the payment was seen: the reconciliation's file and the row's line, card and authorization. */
  row: {
    reconciliation_id: string
    file_name: string
    line: number | null
    card_last4: string | null
    authorization: string | null
  }
  record: {
    id: string
    number: number
    status: CheckoutStatus
    gateway: Gateway
    origin: CheckoutOrigin
    order_id: string | null
    cents: bigint
    currency: string
    payment_verification: PaymentVerification | null
    attention_detail: AttentionDetail | null
  }
}

/** One record handed to the merchant: from the status it was read in, with its reason. */
export type AttentionMove = {
  entry_id: string
  record_id: string
  from: CheckoutStatus
  reason: AttentionReason
  /** The report showed the link's own amount: the payment is verified as the record moves. */
  verified: boolean
}

/** What a reconciliation's apply changed, as the hook `reconciliationApplied` hands it on. */
export type ReconciliationChanges = {
  /** The records moved to `needs_attention`. */
  attention_record_ids: string[]
  /** The orders of the records flagged `unverified`. */
  unverified_order_ids: string[]
  /** The orders of the records flagged `short` (a row showing less money, or another currency). */
  short_paid_order_ids: string[]
}

type Cradle = {
  baseRepository: unknown
  checkoutRecordService: CheckoutRecordService
}

export class ReconciliationApplyService {
  // @InjectManager / @InjectTransactionManager take their manager from it.
  protected readonly baseRepository_: unknown
  protected readonly records_: CheckoutRecordService

  constructor({ baseRepository, checkoutRecordService }: Cradle) {
    this.baseRepository_ = baseRepository
    this.records_ = checkoutRecordService
  }

  /**
   * `ready` → `applying` for exactly one caller (compare-and-set); also an `applying` whose process
   * stopped (no batch for SQL.STALE_APPLY_MS). Any other state is refused with what it is: being
   * applied by another request, applied already, still being read, unreadable; and one whose file
   * matched none of its gateway's links, unless `confirmGateway` (the merchant says it is that
   * gateway's export): applied, it would flag every order of the period unverified.
   */
  @InjectManager()
  async claim(
    id: string,
    confirmGateway = false,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    if (
      (await executeOne(sharedContext, SQL.claimStatement(id, confirmGateway)))
        .length
    ) {
      return
    }
    const [row] = await executeOne(sharedContext, SQL.statusStatement(id))
    if (!row) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `Reconciliation ${echo(id)} was not found.`
      )
    }
    const mismatch =
      row.gateway_mismatch as ReconciliationGatewayMismatch | null
    if (
      mismatch &&
      !confirmGateway &&
      (row.status === "ready" || (row.status === "applying" && row.stale))
    ) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        gatewayMismatchRefusal(
          id,
          row.gateway as ReconciliationGateway,
          mismatch
        )
      )
    }
    const why: Record<string, string> = {
      applying: `is being applied by another request right now; wait for it to finish (an apply that stopped is taken over after ${SQL.STALE_APPLY_TEXT})`,
      applied: `was already applied${row.applied_at ? ` on ${new Date(row.applied_at as string).toISOString()}` : ""}; applying it again would change nothing`,
      reading: "is still being read; apply it once it is ready",
      failed:
        "could not be read, so there is nothing to apply; upload the file again",
    }
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Reconciliation ${id} ${why[row.status as string] ?? `is ${row.status as string}: only a ready reconciliation can be applied`}.`
    )
  }

  /** The claim undone: back to `ready`; what was applied stays, marked on its entries. */
  @InjectManager()
  async release(
    id: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    await executeOne(sharedContext, SQL.releaseStatement(id))
  }

  /** `applying` → `applied`, with the admin user and the time. */
  @InjectManager()
  async finish(
    id: string,
    actorId: string | null,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    if (
      !(await executeOne(sharedContext, SQL.finishStatement(id, actorId)))
        .length
    ) {
      throw new MedusaError(
        MedusaError.Types.CONFLICT,
        `Reconciliation ${id} stopped being applied while it was applied by this request.`
      )
    }
  }

  /** The finish undone (a hook handler after it threw): `ready` again. */
  @InjectManager()
  async unfinish(
    id: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    await executeOne(sharedContext, SQL.unfinishStatement(id))
  }

  /** The next `limit` entries of `action` not applied yet, after the entry `afterId` (null: from the first). */
  @InjectManager()
  async pending(
    id: string,
    action: EntryAction,
    afterId: string | null,
    limit: number,
    @MedusaContext() sharedContext: Context = {}
  ) {
    const rows = await executeOne(
      sharedContext,
      SQL.pendingStatement(id, action, afterId, limit)
    )
    return rows.map((r): PendingEntry => ({
      id: r.id as string,
      record_status: r.record_status as CheckoutStatus,
      paid_at: r.paid_at ? new Date(r.paid_at as string) : null,
      reported_cents:
        r.reported_amount === null
          ? null
          : toCents(r.reported_amount as string),
      reported_currency: (r.reported_currency as string | null) ?? null,
      row: {
        reconciliation_id: id,
        file_name: r.file_name as string,
        line: r.line === null ? null : Number(r.line),
        card_last4: (r.card_last4 as string | null) ?? null,
        authorization: (r.authorization as string | null) ?? null,
      },
      record: {
        id: r.checkout_record_id as string,
        number: Number(r.number),
        status: r.status as CheckoutStatus,
        gateway: r.gateway as Gateway,
        origin: r.origin as CheckoutOrigin,
        order_id: (r.order_id as string | null) ?? null,
        cents: toCents(r.amount as string),
        currency: (r.currency_code as string).toUpperCase(),
        payment_verification:
          (r.payment_verification as PaymentVerification | null) ?? null,
        attention_detail:
          (r.attention_detail as AttentionDetail | null) ?? null,
      },
    }))
  }

  /**
   * What the reconciliation changed, across every run of its apply (a failed or crashed one
   * included): the records it handed to the merchant and the orders of the records it flagged
   * unverified. One query, ids only: tens of thousands of them are a few megabytes.
   */
  @InjectManager()
  async changes(
    id: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<ReconciliationChanges> {
    const rows = await executeOne(sharedContext, SQL.changesStatement(id))
    const of = (action: EntryAction, column: string) => [
      ...new Set(
        rows
          .filter((r) => r.action === action && r[column])
          .map((r) => r[column] as string)
      ),
    ]
    return {
      attention_record_ids: of("needs_attention", "checkout_record_id"),
      unverified_order_ids: of("unverified", "order_id"),
      short_paid_order_ids: of("short", "order_id"),
    }
  }

  /**
   * Hands paid records to the merchant: each moves to `needs_attention` only from the status it is
   * given (attentionFrom: the read one, or the unsettled one it has now), a compare-and-set (a
   * record that moved meanwhile, e.g. returned and placed, is left as it is and its entry stays
   * unapplied); one already there counts as in place, applied but not changed.
   */
  @InjectTransactionManager()
  async moveToAttention(
    id: string,
    moves: AttentionMove[],
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    const moved: string[] = []
    const done: string[] = []
    for (const m of moves) {
      const verification = m.verified
        ? {
            payment_verification: "verified" as const,
            verified_at: new Date(),
            verification_reconciliation_id: id,
          }
        : {}
      const { record, changed } = await this.records_.transitionFrom(
        m.record_id,
        m.from,
        "needs_attention",
        {
          attention_reason: m.reason.text,
          attention_detail: { code: m.reason.code, params: m.reason.params },
          ...verification,
        },
        sharedContext
      )
      if (changed) moved.push(m.entry_id)
      if (changed || record.status === "needs_attention") done.push(m.entry_id)
    }
    await this.tally(
      id,
      "needs_attention",
      done,
      moved,
      moved.length,
      sharedContext
    )
  }

  /**
   * Sets the verification the report gives a batch of records, only over the ones it outranks
   * (lib/reconciliation/apply-rules.ts VERIFICATION_PRECEDENCE: `unverified` only where none was ever
   * set, `verified` wherever it is not yet unless flagged short, `short` wherever it is not yet).
   * An entry is applied when its record now holds it or one that outranks it (changed here or
   * before), and changed when its record was changed here.
   */
  @InjectTransactionManager()
  async setVerification(
    id: string,
    to: PaymentVerification,
    entries: { entry_id: string; record_id: string }[],
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    if (!entries.length) return
    const ids = [...new Set(entries.map((e) => e.record_id))]
    const changed = new Set(
      (
        await executeIn(
          sharedContext,
          SQL.setVerificationStatement(id, to, ids, replacedBy(to))
        )
      ).map((r) => r.id as string)
    )
    const now = await executeIn(sharedContext, SQL.verificationStatement(ids))
    const inPlace = new Set(
      now
        .filter((r) =>
          holdsAtLeast(
            (r.payment_verification as PaymentVerification | null) ?? null,
            to
          )
        )
        .map((r) => r.id as string)
    )
    const done = entries.filter((e) => inPlace.has(e.record_id))
    const changedEntries = done
      .filter((e) => changed.has(e.record_id))
      .map((e) => e.entry_id)
    await this.tally(
      id,
      to,
      done.map((e) => e.entry_id),
      changedEntries,
      changed.size,
      sharedContext
    )
  }

  /**
   * Entries whose change was written elsewhere (a subscription's renewal or overdue flag, each
   * guarded by its own compare-and-set): marked applied, and the tally counted, in one transaction.
   */
  @InjectTransactionManager()
  async markApplied(
    id: string,
    action: EntryAction,
    entryIds: string[],
    changedEntryIds: string[],
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    await crashPoint("reconcile:batch-applying")
    if (!entryIds.length) return
    // Counted once: only the entries this write marked (an entry applied before is not counted again).
    const marked = new Set(
      (
        await executeIn(
          sharedContext,
          SQL.markAppliedStatement(entryIds, changedEntryIds)
        )
      ).map((r) => r.id as string)
    )
    await executeIn(
      sharedContext,
      SQL.countStatement(
        id,
        action,
        changedEntryIds.filter((e) => marked.has(e)).length
      )
    )
  }

  /** `changes` counts records (the tally); `changedEntryIds` are the entries marked changed. */
  private async tally(
    id: string,
    action: EntryAction,
    entryIds: string[],
    changedEntryIds: string[],
    changes: number,
    sharedContext: Context
  ) {
    await crashPoint("reconcile:batch-applying")
    if (entryIds.length)
      await executeIn(
        sharedContext,
        SQL.markAppliedStatement(entryIds, changedEntryIds)
      )
    await executeIn(sharedContext, SQL.countStatement(id, action, changes))
  }
}
