import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"
import { toCents } from "../../../lib/common/money"
import type { ReturnClaimsInput } from "./resolve-paylink-return"
import { orderOfCart } from "../../../lib/settlement/paid-with"
import { orderCreditedWithLink } from "../../../lib/settlement/credited-order"
import { attentionReason } from "../../../lib/attention/attention-reason"

/** The safety net of a verified success return: if anything after it fails, its compensation hands the link to the merchant. */
export const guardPaidReturnStep = createStep(
  "guard-paid-return",
  async (claims: ReturnClaimsInput) => new StepResponse(undefined, claims),
  async (claims, { container }) => {
    if (!claims) {
      return
    }
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    const [record] = await paylink.listPaylinkCheckouts({
      payment_session_id: claims.session,
    })
    if (
      !record ||
      toCents(record.amount) !== BigInt(claims.cents) ||
      record.currency_code.toUpperCase() !== claims.currency
    ) {
      return
    }
    // A cart that already became an order is left `returned`: the job that finishes interrupted
    // returns records the payment on that order, which is what the customer paid for.
    if (
      record.status === "returned" &&
      record.origin === "storefront" &&
      record.cart_id &&
      (await orderOfCart(container, record.cart_id))
    ) {
      return
    }
    // Likewise an admin link whose payment is already credited on its order: the job ties it.
    if (
      record.status === "returned" &&
      record.origin !== "storefront" &&
      (await orderCreditedWithLink(container, record))
    ) {
      return
    }
    const reason = attentionReason("return_handling_failed", {
      number: record.number,
      target: record.origin === "storefront" ? "cart" : "order",
    })
    await paylink.tryTransition(record.id, "needs_attention", {
      attention_reason: reason.text,
      attention_detail: { code: reason.code, params: reason.params },
    })
  }
)
