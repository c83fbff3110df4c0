import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/service"
import { PAYABLE } from "../../../modules/paylink/state-machine"
import { PAID_UNSETTLED } from "./refuse-while-paid-link"

/**
 * After a new link is made, every other link of the cart that might still be open at the service
 * (a crash mid-call, an answer that never came, a link the customer left) is withdrawn: the
 * customer is sent to exactly one. A withdrawn link that is paid anyway ends with the merchant.
 */
export const withdrawEarlierCartLinksStep = createStep(
  "withdraw-earlier-cart-links",
  async ({ cart_id, keep_record_id }: { cart_id: string; keep_record_id: string | null }, { container }) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    // One read for both: the links to withdraw, and the paid ones refuse-paylink-if-paid-meanwhile
    // refuses on (a link that turns paid before its withdrawal is counted from the withdrawal's answer).
    const rows = await paylink.listPaylinkCheckouts(
      { cart_id, status: [...PAYABLE, ...PAID_UNSETTLED] },
      { select: ["id", "number", "status"], order: { number: "ASC" } }
    )
    const paid: { number: number }[] = rows.filter((r) => isPaidUnsettled(r.status))
    let withdrawn = 0
    for (const r of rows) {
      if (r.id === keep_record_id || isPaidUnsettled(r.status)) continue
      const { record, changed } = await paylink.withdraw(r.id)
      if (changed) withdrawn++
      else if (isPaidUnsettled(record.status)) paid.push({ number: record.number })
    }
    return new StepResponse({ withdrawn, paid })
  }
)

const isPaidUnsettled = (status: string) => (PAID_UNSETTLED as readonly string[]).includes(status)

/** The same for the admin's links of an order or draft order. */
export const withdrawEarlierOrderLinksStep = createStep(
  "withdraw-earlier-order-links",
  async ({ order_id, keep_record_id }: { order_id: string; keep_record_id: string | null }, { container }) => {
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    return new StepResponse(await paylink.withdrawOpenLinksOfOrder(order_id, keep_record_id))
  }
)
