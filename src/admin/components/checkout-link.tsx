import { Copy } from "@medusajs/ui"
import { Link } from "react-router-dom"
import type { PaylinkCheckout } from "../../types"
import { checkoutTarget } from "../lib/checkouts"
import { usePaylinkTranslation } from "../lib/labels"

/** A record's order or draft order, as a link to its page; a cart without order, as its id to copy. */
export function CheckoutLink({ checkout }: { checkout: PaylinkCheckout }) {
  const { t } = usePaylinkTranslation()
  const target = checkoutTarget(checkout)
  if (!target) {
    return <>—</>
  }
  if (target.kind === "cart") {
    return (
      <span className="flex items-center gap-x-1">
        <span className="max-w-[120px] truncate font-mono" title={target.id}>
          {target.id}
        </span>
        <Copy content={target.id} aria-label={t("checkouts.links.copyCart")} />
      </span>
    )
  }
  return (
    <Link
      to={target.to}
      className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover"
    >
      {target.kind === "order"
        ? t("checkouts.links.viewOrder")
        : t("checkouts.links.viewDraftOrder")}
    </Link>
  )
}
