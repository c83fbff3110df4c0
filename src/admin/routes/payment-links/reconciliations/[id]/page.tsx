import { Container, Text, toast } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { Link, useParams } from "react-router-dom"
import { BadRowsTable } from "../../../../components/reconciliation/bad-rows-table"
import { CardSkeleton } from "../../../../components/card-skeleton"
import { useCheckoutDrawer } from "../../../../components/checkout-drawer"
import { EntriesTable } from "../../../../components/reconciliation/entries-table"
import {
  GroupCards,
  type GroupTab,
} from "../../../../components/reconciliation/group-cards"
import { ReconciliationHeader } from "../../../../components/reconciliation/reconciliation-header"
import { usePaylinkTranslation } from "../../../../lib/labels"
import {
  readingToastId,
  useReconciliation,
} from "../../../../lib/reconciliations"

/** One reconciliation; first shown: the paid links with no order, the group the merchant most needs to see. */
const ReconciliationPage = () => {
  const { id = "" } = useParams()
  const { t } = usePaylinkTranslation()
  const [tab, setTab] = useState<GroupTab>("paid_no_order")
  const details = useCheckoutDrawer()
  const { data, isLoading, error } = useReconciliation(id)
  const r = data?.reconciliation
  // "Reading <file>…" is news only while the read runs: gone once it ends, read or failed.
  const reading = !r || r.status === "reading"
  useEffect(() => {
    if (!reading) toast.dismiss(readingToastId(id))
  }, [reading, id])

  return (
    <div className="flex flex-col gap-y-3" data-testid="paylink-reconciliation">
      <Link
        to="/payment-links/reconciliations"
        className="text-ui-fg-subtle hover:text-ui-fg-base txt-compact-small w-fit"
      >
        ← {t("reconcile.title")}
      </Link>
      {isLoading && (
        <CardSkeleton
          heading={t("reconcile.title")}
          lines={4}
          testId="paylink-reconciliation-loading"
        />
      )}
      {error && (
        <Container className="px-6 py-4">
          <Text className="text-ui-fg-error">
            {(error as { status?: number }).status === 404
              ? t("reconcile.detail.notFound")
              : error.message}
          </Text>
        </Container>
      )}
      {r && (
        <>
          <ReconciliationHeader reconciliation={r} />
          {r.status !== "failed" && r.status !== "reading" && (
            <GroupCards reconciliation={r} selected={tab} onSelect={setTab} />
          )}
          {r.status !== "failed" && r.status !== "reading" && (
            <Container className="divide-y p-0">
              {tab === "bad_rows" ? (
                <BadRowsTable reconciliation={r} />
              ) : (
                // A new table per group: its page starts at the first again.
                <EntriesTable
                  key={tab}
                  reconciliation={r}
                  group={tab}
                  onOpen={details.open}
                />
              )}
            </Container>
          )}
        </>
      )}
      {details.drawer}
    </div>
  )
}

export default ReconciliationPage
