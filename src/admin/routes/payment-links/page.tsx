import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CreditCard } from "@medusajs/icons"
import { Button } from "@medusajs/ui"
import { Link } from "react-router-dom"
import { useCheckoutDrawer } from "../../components/checkout-drawer"
import { CheckoutsTable } from "../../components/checkouts-table"
import { NeedsAttentionSection } from "../../components/needs-attention-section"
import { usePaylinkTranslation } from "../../lib/labels"

/** The paid links that need the merchant first, then every payment link. */
const PaymentLinksPage = () => {
  const { t } = usePaylinkTranslation()
  const details = useCheckoutDrawer()
  const reconcile = (
    <Button size="small" variant="secondary" asChild>
      <Link
        to="/payment-links/reconciliations"
        data-testid="paylink-reconcile-link"
      >
        {t("reconcile.open")}
      </Link>
    </Button>
  )
  return (
    <div className="flex flex-col gap-y-3">
      <NeedsAttentionSection onOpen={details.open} />
      <CheckoutsTable onOpen={details.open} actions={reconcile} />
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
