import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CreditCard } from "@medusajs/icons"
import { useCheckoutDrawer } from "../../components/checkout-drawer"
import { CheckoutsTable } from "../../components/checkouts-table"
import { NeedsAttentionSection } from "../../components/needs-attention-section"

/** The paid links that need the merchant first, then every payment link; a record opens its details. */
const PaymentLinksPage = () => {
  const details = useCheckoutDrawer()
  return (
    <div className="flex flex-col gap-y-3">
      <NeedsAttentionSection onOpen={details.open} />
      <CheckoutsTable onOpen={details.open} />
      {details.drawer}
    </div>
  )
}

export const config = defineRouteConfig({
  label: "checkouts.title",
  icon: CreditCard,
  // A string literal (PAYLINK_NS): Medusa's admin build reads it from the source as written.
  translationNs: "paylink",
})

export default PaymentLinksPage
