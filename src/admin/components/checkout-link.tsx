import { Copy } from "@medusajs/ui"
import { Link } from "react-router-dom"
import type { PaylinkCheckout } from "../../types"
import { checkoutTarget } from "../lib/checkouts"
import { usePaylinkTranslation } from "../lib/labels"

/**
 * A record's order or draft order as the merchant knows it ("Order #12", linked to its page); a
 * cart without order as whose cart it is ("Cart of ana@example.com"). The raw id, which support may
 * ask for, stays in the tooltip (and, for a cart, behind a copy button).
 */
export function CheckoutLink({ checkout }: { checkout: PaylinkCheckout }) {
  const { t } = usePaylinkTranslation()
  const target = checkoutTarget(checkout)
  if (!target) {
    return <>—</>
  }
  const support = t("checkouts.links.idForSupport", { id: target.id })
  if (target.kind === "cart") {
    const who = checkout.subject?.email ?? checkout.subject?.name
    return (
      <span className="flex items-center gap-x-1">
        <span
          className="min-w-0 whitespace-normal [overflow-wrap:anywhere]"
          title={target.id}
          data-testid="paylink-checkout-cart"
        >
          {who
            ? t("checkouts.links.cartOf", { who })
            : t("checkouts.links.cart")}
        </span>
        <Copy
          content={target.id}
          aria-label={t("checkouts.links.copyCart")}
          className="shrink-0"
        />
      </span>
    )
  }
  const words =
    target.number !== null
      ? t(
          target.kind === "order"
            ? "checkouts.links.order"
            : "checkouts.links.draftOrder",
          { number: target.number }
        )
      : target.kind === "order"
        ? t("checkouts.links.viewOrder")
        : t("checkouts.links.viewDraftOrder")
  return (
    <Link
      to={target.to}
      title={support}
      className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover whitespace-nowrap"
    >
      {words}
    </Link>
  )
}
