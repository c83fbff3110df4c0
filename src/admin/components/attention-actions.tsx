import type { PaylinkCheckout } from "../../types"
import { MarkRefundedButton } from "./mark-refunded-button"
import { PlaceOrderButton } from "./place-order-button"

/** Whether the server says this action can succeed now (a server without `actions` offers both). */
const offers = (c: PaylinkCheckout, action: "place_order" | "mark_refunded") =>
  !c.actions || c.actions.includes(action)

/** The ways out of "Needs attention" the server says can succeed now: place the order, or record a refund made by hand. */
export function AttentionActions({ checkout }: { checkout: PaylinkCheckout }) {
  return (
    <>
      {offers(checkout, "place_order") && (
        <PlaceOrderButton checkout={checkout} />
      )}
      {offers(checkout, "mark_refunded") && (
        <MarkRefundedButton checkout={checkout} />
      )}
    </>
  )
}
