import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CreditCard } from "@medusajs/icons"
import { CheckoutsTable } from "../../components/checkouts-table"
import { NeedsAttentionSection } from "../../components/needs-attention-section"

const TEXT = {
  title: "Payment links",
}

/** The paid links that need the merchant first, then every payment link. */
const PaymentLinksPage = () => (
  <div className="flex flex-col gap-y-3">
    <NeedsAttentionSection />
    <CheckoutsTable />
  </div>
)

export const config = defineRouteConfig({
  label: TEXT.title,
  icon: CreditCard,
})

export default PaymentLinksPage
