/**
 * Subscriptions, the module's side (docs/subscriptions.md): the record made from a paid link's first
 * order, each renewal a report shows (one per charge instant, with the id its order will have), the
 * overdue flag and the merchant's end. Every write is an insert that does nothing twice or a
 * compare-and-set, on the caller's transaction.
 */
import type { Context } from "@medusajs/framework/types"
import {
  generateEntityId,
  InjectManager,
  InjectTransactionManager,
  MedusaContext,
  MedusaError,
} from "@medusajs/framework/utils"
import { executeIn, executeOne } from "../../../lib/common/shared-transaction"
import { toCents } from "../../../lib/common/money"
import {
  halfPeriodMs,
  expectedCharge,
  nextChargeAfter,
  planOf,
  renewalGapMs,
  type Plan,
} from "../../../lib/subscriptions/schedule"
import type {
  ReconciliationRenewals,
  RenewalOrderState,
  Subscription,
  SubscriptionEvent,
} from "../../../types/subscriptions"
import {
  subscriptionEventView,
  subscriptionView,
} from "../utils/subscription-view"
import * as SQL from "../repositories/subscription-sql"

/** A renewal a report showed, as Apply records it. */
export type RenewalCharge = {
  record_id: string
  at: Date
  cents: bigint
  currency_code: string
  reconciliation_id: string
  entry_id: string
  file_name: string
  line: number | null
  card_last4: string | null
  authorization: string | null
  /** The merchant's setting: make its order (`making`), or record the charge only (`off`). */
  make_order: boolean
  /** The store's renewalGapMinutes in milliseconds, or null: half the plan's period. */
  gap_ms: number | null
}

/** The renewal as recorded (by this call or an earlier one). */
export type RecordedRenewal = {
  event_id: string
  subscription_id: string
  order_id: string | null
  order_state: RenewalOrderState | null
  /** Recorded by this reconciliation: the first time any report showed this charge. */
  recorded: boolean
}

/** A subscription a report may find a renewal missing in. */
export type WatchedSubscription = {
  id: string
  checkout_record_id: string
  number: number
  first_order_id: string
  plan: Plan
  started_at: Date
  last_charge_at: Date
  cents: bigint
  currency: string
}

type Cradle = { baseRepository: unknown }

export class SubscriptionService {
  // @InjectManager / @InjectTransactionManager take their manager from it.
  protected readonly baseRepository_: unknown

  constructor({ baseRepository }: Cradle) {
    this.baseRepository_ = baseRepository
  }

  /** The subscription and its first payment; nothing when the link has one (answers null then). */
  @InjectTransactionManager()
  async create(
    input: Omit<SQL.SubscriptionInsert, "id" | "next_charge_at">,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<string | null> {
    const id = generateEntityId(undefined, "plsub")
    const plan = planOf(input.plan)
    const [row] = await executeIn(
      sharedContext,
      SQL.insertSubscription({
        ...input,
        plan,
        id,
        next_charge_at: expectedCharge(input.started_at, plan, 1),
      })
    )
    if (!row) return null
    await executeIn(
      sharedContext,
      SQL.insertEvent({
        id: generateEntityId(undefined, "plsev"),
        subscription_id: id,
        kind: "first_payment",
        at: input.started_at,
        cents: input.cents,
        currency_code: input.currency_code,
        order_id: input.first_order_id,
        order_state: "made",
      })
    )
    return id
  }

  /**
   * Records a renewal on its link's subscription: the event (one per charge instant; its order's id
   * chosen now), then the subscription's latest charge, next expected one and status (a charge no
   * earlier than half a period before the overdue date pays it). Null when the link has no
   * subscription. The subscription row is locked, so two renewals of it are recorded one at a time.
   */
  @InjectTransactionManager()
  async recordRenewal(
    charge: RenewalCharge,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<RecordedRenewal | null> {
    const [sub] = await executeIn(
      sharedContext,
      SQL.lockSubscriptionOfRecord(charge.record_id)
    )
    if (!sub) return null
    const subscriptionId = sub.id as string
    // A charge made before the merchant ended it was for goods still sold: it is shipped.
    const makeOrder =
      charge.make_order &&
      (sub.status !== "ended" ||
        (!!sub.ended_at && charge.at < new Date(sub.ended_at as string)))
    // The same charge another export dated differently, or named by its authorization: no new renewal.
    const [known] = await executeIn(
      sharedContext,
      SQL.sameCharge(
        subscriptionId,
        charge.at,
        charge.authorization,
        renewalGapMs(planOf(sub.plan), charge.at, charge.gap_ms) / 1000
      )
    )
    const [event] = known
      ? [known]
      : await executeIn(
          sharedContext,
          SQL.insertEvent({
            id: generateEntityId(undefined, "plsev"),
            subscription_id: subscriptionId,
            kind: "renewal",
            at: charge.at,
            cents: charge.cents,
            currency_code: charge.currency_code,
            order_id: makeOrder ? generateEntityId(undefined, "order") : null,
            order_state: makeOrder ? "making" : "off",
            reconciliation_id: charge.reconciliation_id,
            entry_id: charge.entry_id,
            file_name: charge.file_name,
            line: charge.line,
            card_last4: charge.card_last4,
            authorization: charge.authorization,
          })
        )
    const inserted = event.inserted === true
    if (inserted) {
      const plan = planOf(sub.plan)
      const previous = new Date(sub.last_charge_at as string)
      const last = charge.at > previous ? charge.at : previous
      const overdueSince = sub.overdue_since
        ? new Date(sub.overdue_since as string)
        : null
      const paysOverdue =
        overdueSince !== null &&
        charge.at.getTime() >=
          overdueSince.getTime() - halfPeriodMs(plan, overdueSince)
      await executeIn(
        sharedContext,
        SQL.updateAfterRenewal(
          subscriptionId,
          last,
          sub.status === "ended"
            ? null
            : nextChargeAfter(new Date(sub.started_at as string), last, plan),
          paysOverdue
        )
      )
    }
    return {
      event_id: event.id as string,
      subscription_id: subscriptionId,
      order_id: (event.order_id as string | null) ?? null,
      order_state: (event.order_state as RenewalOrderState | null) ?? null,
      // This entry's (by this call, or by a run of the apply that stopped after writing it).
      recorded: inserted || event.entry_id === charge.entry_id,
    }
  }

  /**
   * Flags the link's subscription `renewal_overdue` for `expectedAt` (and writes the overdue period on its
   * timeline) unless a charge for that period was recorded meanwhile or it ended. True when it
   * changed now.
   */
  @InjectTransactionManager()
  async flagOverdue(
    recordId: string,
    expectedAt: Date,
    source: {
      reconciliation_id: string
      entry_id: string
      file_name: string
    },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<boolean> {
    const [sub] = await executeIn(
      sharedContext,
      SQL.lockSubscriptionOfRecord(recordId)
    )
    if (!sub || sub.status === "ended") return false
    const subscriptionId = sub.id as string
    const plan = planOf(sub.plan)
    const noChargeSince = new Date(
      expectedAt.getTime() - halfPeriodMs(plan, expectedAt)
    )
    const changed = await executeIn(
      sharedContext,
      SQL.flagOverdue(subscriptionId, expectedAt, noChargeSince)
    )
    if (!changed.length) return false
    await executeIn(
      sharedContext,
      SQL.insertEvent({
        id: generateEntityId(undefined, "plsev"),
        subscription_id: subscriptionId,
        kind: "overdue",
        at: expectedAt,
        ...source,
      })
    )
    return true
  }

  /** Marks it ended (refused when it is): no renewal order and no overdue flag after this. */
  @InjectTransactionManager()
  async end(
    id: string,
    actorId: string | null,
    note: string | null,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    const [row] = await executeIn(
      sharedContext,
      SQL.endSubscription(id, actorId, note)
    )
    if (!row) {
      const [sub] = await executeIn(sharedContext, SQL.lockSubscription(id))
      if (!sub)
        throw new MedusaError(
          MedusaError.Types.NOT_FOUND,
          `Subscription ${id} was not found.`
        )
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Subscription ${id} is already ended.`
      )
    }
    await executeIn(
      sharedContext,
      SQL.insertEvent({
        id: generateEntityId(undefined, "plsev"),
        subscription_id: id,
        kind: "ended",
        at: new Date(row.ended_at as string),
        actor_id: actorId,
        note,
      })
    )
  }

  /** `making` → `made` or `failed`; true when it changed now (so its order is announced once). */
  @InjectManager()
  async settleRenewalOrder(
    eventId: string,
    to: "made" | "failed",
    error: string | null,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<boolean> {
    const from = to === "made" ? ["making", "failed"] : ["making"]
    return (
      (
        await executeOne(
          sharedContext,
          SQL.settleRenewalOrder(eventId, to, error, from)
        )
      ).length > 0
    )
  }

  /** A failed (or left `making`) renewal order made again; refused for any other. */
  @InjectManager()
  async retryRenewalOrder(
    eventId: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    if (
      !(await executeOne(sharedContext, SQL.retryRenewalOrder(eventId))).length
    )
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Renewal ${eventId} has no order to make: only a renewal whose order failed can be made again.`
      )
  }

  @InjectManager()
  async watched(
    gateways: string[],
    @MedusaContext() sharedContext: Context = {}
  ): Promise<WatchedSubscription[]> {
    const rows = await executeOne(
      sharedContext,
      SQL.subscriptionsToWatch(gateways)
    )
    return rows.map((r) => ({
      id: r.id as string,
      checkout_record_id: r.checkout_record_id as string,
      number: Number(r.number),
      first_order_id: r.first_order_id as string,
      plan: planOf(r.plan),
      started_at: new Date(r.started_at as string),
      last_charge_at: new Date(r.last_charge_at as string),
      cents: BigInt(r.cents as string),
      currency: r.currency as string,
    }))
  }

  /** A reconciliation's payment instants per link, for the links given. */
  @InjectManager()
  async chargesInReport(
    reconciliationId: string,
    recordIds: string[],
    @MedusaContext() sharedContext: Context = {}
  ): Promise<Map<string, Date[]>> {
    const byRecord = new Map<string, Date[]>()
    if (!recordIds.length) return byRecord
    const rows = await executeOne(
      sharedContext,
      SQL.chargesInReport(reconciliationId, recordIds)
    )
    for (const r of rows) {
      const id = r.checkout_record_id as string
      byRecord.set(id, [
        ...(byRecord.get(id) ?? []),
        new Date(r.paid_at as string),
      ])
    }
    return byRecord
  }

  @InjectManager()
  async renewalsLeftMaking(
    before: Date,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<string[]> {
    return (
      await executeOne(sharedContext, SQL.renewalsLeftMaking(before))
    ).map((r) => r.id as string)
  }

  /** The renewals a reconciliation recorded first and the overdue periods it wrote. */
  @InjectManager()
  async changesOf(
    reconciliationId: string,
    @MedusaContext() sharedContext: Context = {}
  ) {
    const rows = await executeOne(
      sharedContext,
      SQL.reconciliationSubscriptionChanges(reconciliationId)
    )
    return rows.map((r) => ({
      kind: r.kind as "renewal" | "overdue",
      subscription_id: r.subscription_id as string,
      event_id: r.event_id as string,
      order_id: (r.order_id as string | null) ?? null,
      order_state: (r.order_state as RenewalOrderState | null) ?? null,
      at: new Date(r.at as string).toISOString(),
      cents: r.amount === null ? null : toCents(r.amount as string),
      currency_code: (r.currency_code as string | null) ?? null,
    }))
  }

  /** One page of subscriptions as the admin shows them, and how many match. */
  @InjectManager()
  async list(
    filters: SQL.SubscriptionListFilters,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ subscriptions: Subscription[]; count: number }> {
    const rows = await executeOne(sharedContext, SQL.listSubscriptions(filters))
    // A page past the last (or of none) has no row to carry the total: counted on its own.
    const count = rows.length
      ? Number(rows[0].total)
      : Number(
          (
            await executeOne(
              sharedContext,
              SQL.listSubscriptions({ ...filters, limit: 1, offset: 0 })
            )
          )[0]?.total ?? 0
        )
    return { subscriptions: rows.map(subscriptionView), count }
  }

  /** One subscription with its timeline. */
  @InjectManager()
  async retrieveView(
    id: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<Subscription & { events: SubscriptionEvent[] }> {
    const [row] = await executeOne(sharedContext, SQL.subscriptionById(id))
    if (!row)
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `Subscription ${id} was not found.`
      )
    const events = await executeOne(sharedContext, SQL.eventsOf(id))
    return {
      ...subscriptionView(row),
      events: events.map(subscriptionEventView),
    }
  }

  /** What a reconciliation's Apply will do, and did, to subscriptions (the admin's preview). */
  @InjectManager()
  async renewalsOf(
    reconciliationId: string,
    renewalOrders: boolean,
    gapMs: number | null,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<ReconciliationRenewals> {
    const [r] = await executeOne(
      sharedContext,
      SQL.reconciliationRenewals(
        reconciliationId,
        gapMs === null ? null : gapMs / 1000
      )
    )
    return {
      renewal_orders: renewalOrders,
      renewals_to_apply: Number(r.renewals_to_apply),
      orders_to_make: renewalOrders ? Number(r.new_renewals) : 0,
      overdue_to_flag: Number(r.overdue_to_flag),
      orders_made: Number(r.orders_made),
      overdue_flagged: Number(r.overdue_flagged),
    }
  }
}
