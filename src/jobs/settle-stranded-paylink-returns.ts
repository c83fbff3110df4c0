import type { MedusaContainer } from "@medusajs/framework/types"
import { PAYLINK_MODULE } from "../modules/paylink"
import type PaylinkModuleService from "../modules/paylink/service"
import { orderOfCart, recordThatPaidOrder, tieRecordToOrder } from "../workflows/steps/paid-with"
import { settleOrderLink } from "../workflows/steps/settle-order-link"

/** A return is placed within seconds; one still `returned` after this was interrupted. */
const STRANDED_AFTER_MS = 10 * 60_000

/**
 * A verified return is the customer's payment, so it must end in an order or with the merchant,
 * even when the process stopped between recording the return and placing the order: a record
 * whose order exists is tied to it, any other goes to needs_attention. An admin link's payment is
 * recorded on its order, as its return would have done.
 */
export async function settleStrandedReturns(container: MedusaContainer, now = new Date()): Promise<number> {
  const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
  const stranded = await paylink.listStrandedReturns(new Date(now.getTime() - STRANDED_AFTER_MS))
  for (const record of stranded) {
    if (record.origin !== "storefront") {
      // An admin link: finish recording the payment on its order, or hand it to the merchant.
      await settleOrderLink(container, record.id)
      continue
    }
    const orderId = record.cart_id ? await orderOfCart(container, record.cart_id) : null
    if (orderId && (await recordThatPaidOrder(container, orderId)) === record.id) {
      await tieRecordToOrder(container, record.id, orderId)
    } else {
      await paylink.tryTransition(record.id, "needs_attention", {
        attention_reason: `Link ${record.number} was paid, but placing the order was interrupted; the cart was not completed.`,
      })
    }
  }
  return stranded.length
}

export default async function settleStrandedPaylinkReturns(container: MedusaContainer) {
  const settled = await settleStrandedReturns(container)
  if (settled) {
    container.resolve("logger").warn(`paylink: ${settled} interrupted return(s) settled`)
  }
}

export const config = {
  name: "settle-stranded-paylink-returns",
  schedule: "*/5 * * * *",
}
