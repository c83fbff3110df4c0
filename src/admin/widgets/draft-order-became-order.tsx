import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type {
  AdminDraftOrder,
  DetailWidgetProps,
} from "@medusajs/framework/types"
import { Container, Text } from "@medusajs/ui"
import { useEffect } from "react"
import { Link, useNavigate } from "react-router-dom"
import { usePaylinkTranslation } from "../lib/labels"

/**
 * A draft order that became an order (paid in full through its payment link, which converts it):
 * Medusa's draft-order page would still show it as a draft with "Convert to order", a conversion
 * Medusa refuses by then. The page opens the order instead, saying why, with a link meanwhile.
 */
const DraftOrderBecameOrderWidget = ({
  data: draft,
}: DetailWidgetProps<AdminDraftOrder>) => {
  const { t } = usePaylinkTranslation()
  const navigate = useNavigate()
  const converted = !!draft.status && draft.status !== "draft"
  useEffect(() => {
    if (converted) navigate(`/orders/${draft.id}`, { replace: true })
  }, [converted, draft.id, navigate])
  if (!converted) return null
  return (
    <Container
      className="flex items-center justify-between gap-x-4 px-6 py-4"
      data-testid="paylink-draft-became-order"
    >
      <Text size="small">
        {t("orderLinks.becameOrder", { number: draft.display_id })}
      </Text>
      <Link
        to={`/orders/${draft.id}`}
        className="txt-compact-small text-ui-fg-interactive hover:text-ui-fg-interactive-hover"
      >
        {t("orderLinks.openOrder")}
      </Link>
    </Container>
  )
}

export const config = defineWidgetConfig({
  zone: "draft_order.details.before",
})

export default DraftOrderBecameOrderWidget
