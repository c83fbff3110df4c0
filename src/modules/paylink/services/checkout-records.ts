/**
 * The record's life: its insert, its moves through the state machine and the columns written
 * beside them, each one compare-and-set on the caller's transaction (or its own when there is none).
 */
import {
  executeIn,
  executeOne,
  freshReads,
} from "../../../lib/common/shared-transaction"
import type {
  Context,
  InferTypeOf,
  ModulesSdkTypes,
} from "@medusajs/framework/types"
import {
  InjectManager,
  InjectTransactionManager,
  MedusaContext,
  MedusaError,
} from "@medusajs/framework/utils"
import type PaylinkCheckout from "../models/paylink-checkout"
import type { CheckoutStatus } from "../models/paylink-checkout"
import {
  canTransition,
  isPaidUnsettled,
  PAID_UNSETTLED,
  PAYABLE,
  sourcesOf,
} from "../utils/state-machine"
import {
  answerUpdate,
  attentionUpdate,
  insertCheckout,
  orderPlacedEventUpdate,
  rowAsRead,
  statusUpdate,
} from "../repositories/checkout-sql"
import { isUniqueViolation } from "../repositories/statement"
import type { CreatedLink, OpenCheckoutInput, TransitionPatch } from "../types"
import type { AttentionReason } from "../../../lib/attention/attention-reason"
import { echo } from "../../../lib/common/echo"
import { GATEWAYS, isGateway } from "../../../lib/paylink/gateways"

type Checkout = InferTypeOf<typeof PaylinkCheckout>

/** The partial unique index that allows one live record per payment session. */
const ONE_RECORD_PER_SESSION = "IDX_paylink_checkout_payment_session_id_unique"
type Cradle = {
  baseRepository: { serialize<T>(data: unknown): Promise<T> }
  paylinkCheckoutService: ModulesSdkTypes.IMedusaInternalService<
    typeof PaylinkCheckout
  >
}

export class CheckoutRecordService {
  protected readonly baseRepository_: Cradle["baseRepository"]
  protected readonly checkouts_: Cradle["paylinkCheckoutService"]

  constructor({ baseRepository, paylinkCheckoutService }: Cradle) {
    this.baseRepository_ = baseRepository
    this.checkouts_ = paylinkCheckoutService
  }

  /** The record as it is now, also right after a compare-and-set in the same transaction. */
  async retrieve(id: string, sharedContext: Context = {}): Promise<Checkout> {
    return await this.baseRepository_.serialize<Checkout>(
      await this.checkouts_.retrieve(id, {}, freshReads(sharedContext))
    )
  }

  /**
   * Inserts the record in one statement (repositories/checkout-sql insertCheckout). A session id is used once per
   * checkout: the unique index on payment_session_id refuses a second record (a second initiate
   * for the same id would make a second link for one session, which the return flow could not
   * tell apart). The index answers in the insert itself, so no read is needed before it, and two
   * racing inserts cannot both pass.
   */
  @InjectManager()
  async open(
    input: OpenCheckoutInput,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<Checkout> {
    // The column is text, so that a new gateway needs no migration: only the table's gateways are written.
    if (!isGateway(input.gateway)) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `gateway: ${echo(input.gateway)} is not one of ${GATEWAYS.join(", ")}.`
      )
    }
    try {
      const [row] = await executeOne(sharedContext, insertCheckout(input))
      return row as unknown as Checkout
    } catch (error) {
      if (isUniqueViolation(error, ONE_RECORD_PER_SESSION)) {
        throw new MedusaError(
          MedusaError.Types.DUPLICATE_ERROR,
          `A payment link already exists for payment session ${input.payment_session_id}.`
        )
      }
      throw error
    }
  }

  private async listSerialized(
    filters: Record<string, unknown>,
    sharedContext: Context
  ): Promise<Checkout[]> {
    return await this.baseRepository_.serialize<Checkout[]>(
      await this.checkouts_.list(filters, {}, sharedContext)
    )
  }

  /**
   * The record behind a payment session's data: by the record id the provider put there (a
   * re-created session keeps its link), else by the session id the link was made for.
   */
  async findForSession(
    data: Record<string, unknown> | undefined,
    sessionId?: string,
    sharedContext: Context = {}
  ) {
    const recordId = data?.paylink_checkout_id
    if (typeof recordId === "string") {
      const [record] = await this.listSerialized(
        { id: recordId },
        sharedContext
      )
      if (record) return record
    }
    const session =
      typeof data?.session_id === "string" ? data.session_id : sessionId
    if (!session) return null
    const [record] = await this.listSerialized(
      { payment_session_id: session },
      sharedContext
    )
    return record ?? null
  }

  async retrieveBySession(
    paymentSessionId: string,
    sharedContext: Context = {}
  ): Promise<Checkout> {
    const [record] = await this.listSerialized(
      { payment_session_id: paymentSessionId },
      sharedContext
    )
    if (!record) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `No payment link was created for payment session ${echo(paymentSessionId)}.`
      )
    }
    return record
  }

  /** The service's answer on the record: one UPDATE of its four columns, no read before it. */
  @InjectManager()
  async confirm(
    id: string,
    link: CreatedLink,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    if (!(await executeOne(sharedContext, answerUpdate(id, link))).length) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `PaylinkCheckout with id: ${id} was not found`
      )
    }
  }

  /**
   * Moves a record to `to` if the state machine allows it from the record's current status, in one
   * compare-and-set UPDATE that returns the moved row. Already in `to`: nothing is written and
   * `changed` is false. Not allowed: NOT_ALLOWED, naming the link and both states. The record is
   * read only when the move was refused, to say why.
   */
  @InjectTransactionManager()
  async transition(
    id: string,
    to: CheckoutStatus,
    patch: TransitionPatch = {},
    @MedusaContext() sharedContext: Context = {}
  ) {
    const moved = await this.move(id, to, patch, sharedContext)
    if (moved) {
      return { record: moved, changed: true }
    }
    const record = await this.retrieve(id, sharedContext)
    if (record.status === to) {
      return { record, changed: false }
    }
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Payment link ${record.number} is ${record.status}; it cannot become ${to}.`
    )
  }

  /**
   * Moves a record to `to` only if it is still `from` (the state a reconciliation's read saw) and the
   * machine allows it: one compare-and-set; a record that moved meanwhile is left as it is.
   */
  @InjectTransactionManager()
  async transitionFrom(
    id: string,
    from: CheckoutStatus,
    to: CheckoutStatus,
    patch: TransitionPatch = {},
    @MedusaContext() sharedContext: Context = {}
  ) {
    const [row] = canTransition(from, to)
      ? await executeIn(sharedContext, statusUpdate(id, [from], to, patch))
      : []
    return row
      ? { record: rowAsRead<Checkout>(row), changed: true }
      : { record: await this.retrieve(id, sharedContext), changed: false }
  }

  /** Like `transition`, but a refused move is not an error: the record is answered as it is now. */
  @InjectTransactionManager()
  async tryTransition(
    id: string,
    to: CheckoutStatus,
    patch: TransitionPatch = {},
    @MedusaContext() sharedContext: Context = {}
  ) {
    const moved = await this.move(id, to, patch, sharedContext)
    return moved
      ? { record: moved, changed: true }
      : { record: await this.retrieve(id, sharedContext), changed: false }
  }

  /** The compare-and-set from every state the machine allows into `to`: the moved record, or null. */
  private async move(
    id: string,
    to: CheckoutStatus,
    patch: TransitionPatch,
    sharedContext: Context
  ): Promise<Checkout | null> {
    const from = sourcesOf(to)
    const [row] = from.length
      ? await executeIn(sharedContext, statusUpdate(id, from, to, patch))
      : []
    return row ? rowAsRead<Checkout>(row) : null
  }

  /**
   * The store no longer wants this link. A record with a verified return, or settled, is left as
   * it is: the payment is real. A link the customer canceled is withdrawn too, but it stays the
   * customer's cancel: `canceled_by` and `canceled_at` keep what the customer did.
   */
  @InjectTransactionManager()
  async withdraw(id: string, @MedusaContext() sharedContext: Context = {}) {
    const [row] = await executeIn(
      sharedContext,
      statusUpdate(id, ["canceled"], "withdrawn", {})
    )
    if (row) {
      return { record: rowAsRead<Checkout>(row), changed: true }
    }
    return await this.tryTransition(
      id,
      "withdrawn",
      { canceled_by: "store", canceled_at: new Date() },
      sharedContext
    )
  }

  /**
   * A paid link the store cannot settle by itself goes to the merchant with the reason that is
   * true now: moved to `needs_attention` or, when it already is there, its reason replaced. A
   * record settled meanwhile is left as it is. `returned_at` keeps the first return's time (the
   * statement writes it only when unset).
   */
  @InjectTransactionManager()
  async handToMerchant(
    id: string,
    reason: AttentionReason,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    const moved = await this.tryTransition(
      id,
      "needs_attention",
      {
        attention_reason: reason.text,
        attention_detail: { code: reason.code, params: reason.params },
        returned_at: new Date(),
      },
      sharedContext
    )
    if (
      !moved.changed &&
      moved.record.status === "needs_attention" &&
      moved.record.attention_reason !== reason.text
    ) {
      await this.restateAttention(id, reason, sharedContext)
    }
  }

  /** The reason as it is now, written only while the record still needs attention; false when it no longer does. */
  @InjectTransactionManager()
  async restateAttention(
    id: string,
    reason: AttentionReason,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<boolean> {
    return (
      (
        await executeIn(
          sharedContext,
          attentionUpdate(id, reason.text, {
            code: reason.code,
            params: reason.params,
          })
        )
      ).length > 0
    )
  }

  /** `order_placed_event` from `from` to `to`, once: true for the one caller whose write moved it. */
  @InjectTransactionManager()
  async moveOrderPlacedEvent(
    id: string,
    from: "owed" | null,
    to: "owed" | "emitted",
    @MedusaContext() sharedContext: Context = {}
  ) {
    return (
      (await executeIn(sharedContext, orderPlacedEventUpdate(id, from, to)))
        .length > 0
    )
  }

  // ---- Sweeps: each link moved on its own, so one refused move never holds back the others

  /**
   * Every link matching `where` that may still be open at the service (created, unknown, canceled
   * by the customer) is withdrawn, except `keepId`: a crash or a lost answer must not leave a
   * second payable link behind the one the customer is sent to. `paid`: the links found paid and
   * not settled, read in the same statement, plus any that turned paid before its withdrawal (a
   * new cart link is refused on them).
   */
  async withdrawOpen(
    where: Record<string, unknown>,
    keepId?: string | null
  ): Promise<{ withdrawn: number; paid: { number: number }[] }> {
    const rows = await this.checkouts_.list(
      { ...where, status: [...PAYABLE, ...PAID_UNSETTLED] },
      { select: ["id", "number", "status"], order: { number: "ASC" } }
    )
    const paid = rows
      .filter((r) => isPaidUnsettled(r.status))
      .map((r) => ({ number: r.number }))
    let withdrawn = 0
    for (const r of rows) {
      if (r.id === keepId || isPaidUnsettled(r.status)) continue
      const { record, changed } = await this.withdraw(r.id)
      if (changed) withdrawn++
      else if (isPaidUnsettled(record.status))
        paid.push({ number: record.number })
    }
    return { withdrawn, paid }
  }

  /**
   * Links the service never answered for (the process stopped during the call, or the answer was
   * lost with it), opened before `before`: the service may have made the checkout, so they are
   * `unknown`, as after a timeout, and then withdrawn, so that no open link is left behind. Paying
   * one anyway reaches the merchant (`needs_attention`), never an order.
   */
  async withdrawUnanswered(before: Date): Promise<number> {
    const unanswered = await this.checkouts_.list(
      { status: "created", checkout_id: null, created_at: { $lt: before } },
      { select: ["id"], take: 1000 }
    )
    let withdrawn = 0
    for (const { id } of unanswered) {
      await this.tryTransition(id, "unknown", {
        failure_reason:
          "no answer from the service was recorded (the process stopped during the call)",
        failure_detail: { code: "unanswered", params: {} },
      })
      if ((await this.withdraw(id)).changed) withdrawn++
    }
    return withdrawn
  }

  /** Marks as expired the open links whose return links are no longer accepted. */
  async expireOverdue(now: Date): Promise<number> {
    const overdue = await this.checkouts_.list(
      { status: [...PAYABLE], return_expires_at: { $lt: now } },
      { select: ["id"], take: 1000 }
    )
    let expired = 0
    for (const { id } of overdue) {
      if ((await this.tryTransition(id, "expired")).changed) expired++
    }
    return expired
  }
}
