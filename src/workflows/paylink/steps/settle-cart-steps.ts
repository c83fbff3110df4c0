/**
 * The steps of a storefront link's settlement: the cart becomes the order it was paid for or, when
 * the cart already became that order and its payment was not recorded (the process stopped between
 * the two), the payment is recorded on that order. Decided from the state as it is now
 * (settlement/disposition.ts), never from what the flow that started it expected.
 */
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { acquireLockStepId, completeCartWorkflow } from "@medusajs/medusa/core-flows"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"
import { crashPoint } from "../../../lib/testing/crash-point"
import { attentionReason } from "../../../lib/attention/attention-reason"
import { linkOnOrder, orderOfCart } from "../../../lib/settlement/paid-with"
import {
  cartClaimDisposition,
  cartLinkDisposition,
  placedOrderDisposition,
  type Disposition,
  type PlacedOrderPlan,
  type SettleOutcome,
} from "../../../lib/settlement/disposition"
import { cartPaysOnlyWith, creditedToOrder, handToMerchant, readCartFacts } from "../../../lib/settlement/reads"
import { errorText, type SettleInput } from "./settlement-common"

type Container = Pick<MedusaContainer, "resolve">

/** What happens next after a step of the cart's settlement; `outcome` when it ended there. */
export type CartNext = { next: "complete" | "pay" | "stop"; outcome: SettleOutcome | null }

export const readCartSettlementStep = createStep("read-paylink-cart-settlement", async (input: SettleInput, { container }) => {
  const facts = await readCartFacts(container, input.record_id)
  return new StepResponse({ number: facts.record.number, cart_id: facts.cart?.id ?? null, disposition: cartLinkDisposition(facts, input) })
})

/**
 * A paid link found withdrawn may have been withdrawn by a link request for its cart that is still
 * under way: Medusa deletes the cart's old session as it asks the service for the new link. The
 * record is `needs_attention` by now, so that request's last check refuses it and rolls back,
 * and Medusa re-creates this link's session. The request holds the cart's lock until then: under
 * that lock, when this link's session is the cart's only one again, the record counts as returned
 * and the cart is completed with it. Otherwise (the link was replaced for good, or the lock stayed
 * busy past 30 s) the merchant keeps it, as handed.
 */
async function placeIfLinkRestored(container: Container, recordId: string, cartId: string): Promise<boolean> {
  const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  return await container
    .resolve(Modules.LOCKING)
    .execute(
      cartId,
      async () => {
        if (!(await cartPaysOnlyWith(container, cartId, recordId))) {
          return false
        }
        const back = await paylink.tryTransition(recordId, "returned", { attention_reason: null, attention_detail: null, canceled_by: null, canceled_at: null })
        return back.changed
      },
      { timeout: 30 }
    )
    .catch(() => false)
}

/**
 * The record counts as `returned` from here, so the provider answers `captured` for its session
 * when the cart is completed. A withdrawn link is handed to the merchant first and, when its link
 * request rolled back (placeIfLinkRestored), settled again as a return: the cart's total is
 * checked again. No compensation: a verified return stays `returned` for the stranded-returns job.
 */
export const claimCartReturnStep = createStep(
  "claim-paylink-cart-return",
  async (
    { record_id, cart_id, expired, disposition }: { record_id: string; cart_id: string | null; expired?: boolean; disposition: Disposition },
    { container }
  ) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    let d = disposition
    for (;;) {
      if (d.kind === "hand_to_merchant") {
        const handed = await handToMerchant(container, record_id, d.reason)
        // The record's cart as the read step found it (a record's cart never changes).
        const cartId = d.restore ? cart_id : null
        if (!cartId || !(await placeIfLinkRestored(container, record_id, cartId))) {
          return new StepResponse<CartNext>({ next: "stop", outcome: handed })
        }
        d = cartLinkDisposition(await readCartFacts(container, record_id), { expired })
        continue
      }
      if (d.kind === "pay_placed_order") {
        return new StepResponse<CartNext>({ next: "pay", outcome: null })
      }
      if (d.kind !== "place_cart") {
        return new StepResponse<CartNext>({ next: "stop", outcome: d.kind === "already_done" ? { order_id: d.order_id, reason: null } : { order_id: null, reason: d.kind === "report" ? d.reason : null } })
      }
      // `returned_at` is written only when unset (the first return's time stays): no read first.
      const started = await paylink.tryTransition(record_id, "returned", { returned_at: new Date(), canceled_by: null, canceled_at: null })
      const changed = cartClaimDisposition(started.record, started.record.status)
      if (!changed) {
        await crashPoint("return:returned")
        return new StepResponse<CartNext>({ next: "complete", outcome: null })
      }
      d = changed
    }
  }
)

/**
 * Medusa's own completion, run on its own so that it takes the cart's lock itself (the
 * storefront's complete call waits for it and gets the same order) and so that its failure is an
 * answer here: a paid return whose order cannot be placed goes to the merchant.
 */
export const completePaylinkCartStep = createStep(
  "complete-paylink-cart",
  async ({ record_id, cart_id, number }: { record_id: string; cart_id: string; number: number }, { container }) => {
    const { result, errors } = await completeCartWorkflow(container as MedusaContainer).run({ input: { id: cart_id }, throwOnError: false })
    const orderId = (result as { id?: string } | undefined)?.id ?? null
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    if (errors?.length || !orderId) {
      if (await orderOfCart(container, cart_id)) {
        // Completed by someone else meanwhile (the storefront's own call): read what that order holds.
        return new StepResponse<CartNext>({ next: "pay", outcome: null })
      }
      if (errors?.length && errors.every((e: any) => e?.action === acquireLockStepId)) {
        // Only the cart's lock was busy (a long call of another request for the cart): nothing
        // failed, so the record stays `returned` and the stranded-returns job places the order.
        logger.warn(`paylink: link ${number} was paid; cart ${cart_id} was locked, its order will be placed by the stranded-returns job`)
        return new StepResponse<CartNext>({ next: "stop", outcome: { order_id: null, reason: `Link ${number} was paid; its cart was busy, so its order will be placed shortly.` } })
      }
      const error = errorText(errors, "no order was created")
      logger.warn(`paylink: link ${number}: cart ${cart_id} could not be completed: ${error}`)
      const reason = attentionReason("cart_completion_failed", { number, target: "cart", error })
      return new StepResponse<CartNext>({ next: "stop", outcome: await handToMerchant(container, record_id, reason) })
    }
    await crashPoint("return:authorized")
    return new StepResponse<CartNext>({ next: "pay", outcome: null })
  }
)

/** The order the cart already became and where this link's payment stands on it. */
export const readPlacedOrderStep = createStep("read-paylink-placed-order", async ({ record_id, cart_id }: { record_id: string; cart_id: string }, { container }) => {
  const record = await container.resolve<PaylinkModuleService>(PAYLINK_MODULE).retrievePaylinkCheckout(record_id)
  const orderId = await orderOfCart(container, cart_id)
  const state = orderId ? await linkOnOrder(container, orderId, record_id) : null
  const credited = orderId && state && state.paid_by === record_id && state.session_id ? await creditedToOrder(container, state.session_id, orderId) : false
  return new StepResponse<PlacedOrderPlan>(placedOrderDisposition(record as any, orderId, state, credited))
})

/**
 * Before the payment is recorded: the owed order.placed is marked (a recovery interrupted after it
 * must still announce), and the record counts as returned, so that the provider answers
 * `captured` for its session. The merchant's Place order is recorded as theirs.
 */
export const claimPlacedOrderStep = createStep(
  "claim-paylink-placed-order",
  async ({ record_id, actor_id, plan }: { record_id: string; actor_id?: string; plan: PlacedOrderPlan }, { container }) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    if (plan.kind !== "pay") {
      return new StepResponse({ outcome: null as SettleOutcome | null })
    }
    if (plan.owe_announcement) {
      await paylink.oweOrderPlacedEvent(record_id)
    }
    const started = await paylink.tryTransition(record_id, "returned", {
      returned_at: new Date(),
      ...(actor_id ? { settled_by: actor_id, settled_at: new Date() } : {}),
    })
    if (started.record.status !== "returned" && started.record.status !== "completed") {
      const reason = attentionReason("status_changed_recording", { number: started.record.number, target: "cart", order: plan.order, status: started.record.status })
      return new StepResponse({ outcome: await handToMerchant(container, record_id, reason) })
    }
    return new StepResponse({ outcome: null as SettleOutcome | null })
  }
)
