import { MedusaError, MedusaService } from "@medusajs/framework/utils"
import { centsToDecimal } from "../../lib/money"
import PaylinkCheckout, { CheckoutStatus } from "./models/paylink-checkout"
import { parsePluginOptions, type PluginOptions } from "../../lib/plugin-options"

export type OpenCheckoutInput = {
  gateway: (typeof PaylinkCheckout)["schema"]["gateway"]["$dataType"]
  payment_session_id: string
  cart_id?: string | null
  /** The amount sent to the gateway, in integer cents. */
  cents: bigint
  currency_code: string
  return_expires_at: Date
  confirmation: "return" | "manual"
  success_redirect?: string | null
  cancel_redirect?: string | null
}

/** Statuses from which a verified success return may still be accepted. */
const RETURNABLE: CheckoutStatus[] = ["created", "returned", "completed"]

class PaylinkModuleService extends MedusaService({ PaylinkCheckout }) {
  protected readonly options_: PluginOptions

  constructor(container: Record<string, unknown>, options: unknown) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.options_ = parsePluginOptions(options)
  }

  /** The plugin options, validated. Routes read them here: modules are where plugin options land. */
  getPluginOptions(): PluginOptions {
    return this.options_
  }

  /**
   * Writes the record before the upstream call. The serial `number` is allocated by the insert,
   * so it is unique and increasing even across processes.
   */
  async openCheckout(input: OpenCheckoutInput) {
    const existing = await this.listPaylinkCheckouts({ payment_session_id: input.payment_session_id })
    if (existing.length) {
      // A session id is used once per checkout; a second initiate for the same id would make a
      // second link for one session, which the return flow could not tell apart.
      throw new MedusaError(
        MedusaError.Types.DUPLICATE_ERROR,
        `A payment link already exists for payment session ${input.payment_session_id}.`
      )
    }
    const { cents, ...rest } = input
    // Exact: a two-decimal value converts to BigNumber through its shortest decimal text.
    return await this.createPaylinkCheckouts({ ...rest, amount: centsToDecimal(cents), status: "created" })
  }

  async retrieveBySession(paymentSessionId: string) {
    const [record] = await this.listPaylinkCheckouts({ payment_session_id: paymentSessionId })
    if (!record) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `No payment link was created for payment session ${paymentSessionId}.`
      )
    }
    return record
  }

  /**
   * A verified success return. Idempotent; refuses only a link the store itself has withdrawn
   * (cart changed, session deleted) or one already expired or failed.
   */
  async markReturned(id: string) {
    const record = await this.retrievePaylinkCheckout(id)
    const customerCanceled = record.status === "canceled" && record.canceled_by === "customer"
    if (!RETURNABLE.includes(record.status) && !customerCanceled) {
      // Keep the evidence: a paid link whose session is gone needs the merchant's attention.
      if (!record.returned_at) {
        await this.updatePaylinkCheckouts({ id, returned_at: new Date() })
      }
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Payment link ${record.number} is ${record.status}${
          record.canceled_by === "store" ? " (the cart changed after it was created)" : ""
        }; its return cannot complete an order.`
      )
    }
    if (record.status === "created" || customerCanceled) {
      return await this.updatePaylinkCheckouts({
        id,
        status: "returned",
        returned_at: record.returned_at ?? new Date(),
        canceled_at: null,
        canceled_by: null,
      })
    }
    return record
  }

  /** Cancel by the customer (cancel return) or by the store (session deleted or canceled). */
  async markCanceled(id: string, by: "customer" | "store") {
    const record = await this.retrievePaylinkCheckout(id)
    if (record.status === "completed" || record.status === "canceled") {
      return record
    }
    if (by === "customer" && record.status === "returned") {
      // The success return already came; a later press of "back" changes nothing.
      return record
    }
    return await this.updatePaylinkCheckouts({
      id,
      status: "canceled",
      canceled_by: by,
      canceled_at: new Date(),
    })
  }

  /** Marks as expired the open links whose return links are no longer accepted. */
  async expireOverdue(now: Date): Promise<number> {
    const overdue = await this.listPaylinkCheckouts(
      { status: "created", return_expires_at: { $lt: now } },
      { select: ["id"], take: 1000 }
    )
    if (overdue.length) {
      await this.updatePaylinkCheckouts(overdue.map((r) => ({ id: r.id, status: "expired" as const })))
    }
    return overdue.length
  }

  async markCompleted(id: string, orderId: string) {
    const record = await this.retrievePaylinkCheckout(id)
    if (record.status === "completed") {
      return record
    }
    return await this.updatePaylinkCheckouts({
      id,
      status: "completed",
      order_id: orderId,
      completed_at: new Date(),
    })
  }
}

export default PaylinkModuleService
