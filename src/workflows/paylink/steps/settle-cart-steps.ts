/**
 * The steps of a storefront link's settlement (settle-paylink-cart): its cart becomes the order it
 * was paid for, or, already that order, the payment is recorded on it. Each acts only on the
 * `next` that names it; what to do is decided from the state as it is now (settlement/disposition.ts).
 */
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { settlementStep } from "./settlement-step"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import {
  acquireLockStepId,
  completeCartWorkflow,
} from "@medusajs/medusa/core-flows"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"
import { crashPoint } from "../../../lib/testing/crash-point"
import { attentionReason } from "../../../lib/attention/attention-reason"
import { linkOnOrder, orderOfCart } from "../../../lib/settlement/paid-with"
import {
  cartClaimDisposition,
  cartLinkDisposition,
  placedOrderDisposition,
} from "../../../lib/settlement/disposition"
import {
  cartStart,
  done,
  ended,
  nextAfter,
  placedOrderStart,
  type Settling,
} from "../../../lib/settlement/next"
import {
  cartPaysOnlyWith,
  creditedToOrder,
  handToMerchant,
  readCartFacts,
} from "../../../lib/settlement/reads"
import { errorText, type SettleInput } from "./settlement-common"

type Container = Pick<MedusaContainer, "resolve">

export const readCartSettlementStep = createStep(
  "read-paylink-cart-settlement",
  async (input: SettleInput, { container }) => {
    const facts = await readCartFacts(container, input.record_id)
    const { record, cart } = facts
    const link = cart
      ? {
          record_id: record.id,
          number: record.number,
          cart_id: cart.id,
          expired: input.expired,
          actor_id: input.actor_id,
        }
      : null
    return new StepResponse(
      cartStart(cartLinkDisposition(facts, input), record, link)
    )
  }
)

/**
 * A withdrawn link whose link request rolled back (its session is the cart's only one again, seen
 * under the cart's lock, waited for up to 30 s) counts as returned again: true. The race is told
 * in docs/architecture.md#a-paid-return-racing-a-new-link.
 */
async function placeIfLinkRestored(
  container: Container,
  recordId: string,
  cartId: string
): Promise<boolean> {
  const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  return await container
    .resolve(Modules.LOCKING)
    .execute(
      cartId,
      async () => {
        if (!(await cartPaysOnlyWith(container, cartId, recordId))) {
          return false
        }
        const back = await paylink.tryTransition(recordId, "returned", {
          attention_reason: null,
          attention_detail: null,
          canceled_by: null,
          canceled_at: null,
        })
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
export const claimCartReturnStep = settlementStep(
  "claim-paylink-cart-return",
  "claim_cart",
  async (s, { container }) => {
    const { cart } = s
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    let d = s.disposition
    for (;;) {
      if (d.kind === "hand_to_merchant") {
        const handed = await handToMerchant(container, cart.record_id, d.reason)
        if (
          !d.restore ||
          !(await placeIfLinkRestored(container, cart.record_id, cart.cart_id))
        ) {
          return done(handed)
        }
        d = cartLinkDisposition(
          await readCartFacts(container, cart.record_id),
          { expired: cart.expired }
        )
        continue
      }
      if (d.kind === "pay_placed_order") {
        return {
          next: "read_placed_order",
          outcome: null,
          cart,
        }
      }
      if (d.kind !== "place_cart") {
        return done(ended(d))
      }
      // `returned_at` is written only when unset (the first return's time stays): no read first.
      const started = await paylink.tryTransition(cart.record_id, "returned", {
        returned_at: new Date(),
        canceled_by: null,
        canceled_at: null,
      })
      const changed = cartClaimDisposition(
        started.record,
        started.record.status
      )
      if (!changed) {
        await crashPoint("return:returned")
        return {
          next: "complete_cart",
          outcome: null,
          cart,
        }
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
export const completePaylinkCartStep = settlementStep(
  "complete-paylink-cart",
  "complete_cart",
  async (s, { container }) => {
    const { record_id, cart_id, number } = s.cart
    const paying: Settling = {
      next: "read_placed_order",
      outcome: null,
      cart: s.cart,
    }
    const { result, errors } = await completeCartWorkflow(
      container as MedusaContainer
    ).run({ input: { id: cart_id }, throwOnError: false })
    const orderId = (result as { id?: string } | undefined)?.id ?? null
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    if (errors?.length || !orderId) {
      if (await orderOfCart(container, cart_id)) {
        // Completed by someone else meanwhile (the storefront's own call): read what that order holds.
        return paying
      }
      if (
        errors?.length &&
        errors.every((e: any) => e?.action === acquireLockStepId)
      ) {
        // Only the cart's lock was busy (a long call of another request for the cart): nothing
        // failed, so the record stays `returned` and the stranded-returns job places the order.
        logger.warn(
          `paylink: link ${number} was paid; cart ${cart_id} was locked, its order will be placed by the stranded-returns job`
        )
        return done({
          order_id: null,
          reason: `Link ${number} was paid; its cart was busy, so its order will be placed shortly.`,
        })
      }
      const error = errorText(errors, "no order was created")
      logger.warn(
        `paylink: link ${number}: cart ${cart_id} could not be completed: ${error}`
      )
      const reason = attentionReason("cart_completion_failed", {
        number,
        target: "cart",
        error,
      })
      return done(await handToMerchant(container, record_id, reason))
    }
    await crashPoint("return:authorized")
    return paying
  }
)

/** The order the cart already became and where this link's payment stands on it. */
export const readPlacedOrderStep = settlementStep(
  "read-paylink-placed-order",
  "read_placed_order",
  async (s, { container }) => {
    const { record_id, cart_id } = s.cart
    const record = await container
      .resolve<PaylinkModuleService>(PAYLINK_MODULE)
      .retrievePaylinkCheckout(record_id)
    const orderId = await orderOfCart(container, cart_id)
    const state = orderId
      ? await linkOnOrder(container, orderId, record_id)
      : null
    const credited =
      orderId && state && state.paid_by === record_id && state.session_id
        ? await creditedToOrder(container, state.session_id, orderId)
        : false
    return placedOrderStart(
      placedOrderDisposition(record as any, orderId, state, credited),
      s.cart
    )
  }
)

/**
 * Before the payment is recorded: the owed order.placed is marked (a recovery interrupted after it
 * must still announce), and the record counts as returned, so that the provider answers
 * `captured` for its session. The merchant's Place order is recorded as theirs.
 */
export const claimPlacedOrderStep = settlementStep(
  "claim-paylink-placed-order",
  "claim_placed_order",
  async (s, { container }) => {
    const { pay } = s
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    if (pay.owe_announcement) {
      await paylink.oweOrderPlacedEvent(pay.record_id)
    }
    const started = await paylink.tryTransition(pay.record_id, "returned", {
      returned_at: new Date(),
      ...(pay.actor_id
        ? { settled_by: pay.actor_id, settled_at: new Date() }
        : {}),
    })
    if (
      started.record.status !== "returned" &&
      started.record.status !== "completed"
    ) {
      const reason = attentionReason("status_changed_recording", {
        number: started.record.number,
        target: "cart",
        order: pay.order,
        status: started.record.status,
      })
      return done(await handToMerchant(container, pay.record_id, reason))
    }
    return nextAfter("claim_placed_order", pay)
  }
)
