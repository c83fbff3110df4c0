import { Container, Text } from "@medusajs/ui"
import { Link } from "react-router-dom"
import { ReconciliationsTable } from "../../../components/reconciliation/reconciliations-table"
import { usePaylinkTranslation } from "../../../lib/labels"

/** Payment links → Reconcile. No sidebar entry of its own, so no route config. */
const ReconcilePage = () => {
  const { t } = usePaylinkTranslation()
  return (
    <div className="flex flex-col gap-y-3">
      <Container className="flex flex-col gap-y-1 px-6 py-4">
        <Link
          to="/payment-links"
          className="text-ui-fg-subtle hover:text-ui-fg-base txt-compact-small w-fit"
        >
          ← {t("reconcile.back")}
        </Link>
        <Text size="small" className="text-ui-fg-subtle">
          {t("reconcile.intro")}
        </Text>
      </Container>
      <ReconciliationsTable />
    </div>
  )
}

export default ReconcilePage
