import { Badge, Container, Heading, Table, Text } from "@medusajs/ui"
import type { PaylinkCheckout } from "../../types"
import { useCheckouts } from "../lib/checkouts"
import { useFormat } from "../lib/format"
import { useLabels, usePaylinkTranslation } from "../lib/labels"
import { OpenCheckoutButton } from "./checkout-drawer"
import { AttentionActions } from "./attention-actions"
import { AttentionReasons } from "./attention-reason"
import { CheckoutLink } from "./checkout-link"

const LIMIT = 50

/**
 * Paid links with no order, oldest first, with the ways out the server says can succeed now. Laid
 * out so no row runs past a 1280 px window in either language.
 */
export function NeedsAttentionSection({
  onOpen,
}: {
  onOpen: (checkout: PaylinkCheckout) => void
}) {
  const { t } = usePaylinkTranslation()
  const labels = useLabels()
  const format = useFormat()
  const { data, error } = useCheckouts({
    status: "needs_attention",
    order: "created_at",
    limit: LIMIT,
  })
  const checkouts = data?.checkouts ?? []
  if (!error && !checkouts.length) {
    return null
  }
  const count = data?.count ?? 0
  return (
    <Container className="divide-y p-0" data-testid="paylink-needs-attention">
      <div className="flex flex-col gap-y-1 px-6 py-4">
        <div className="flex items-center gap-x-2">
          <Heading level="h2">{t("checkouts.attention.heading")}</Heading>
          {!!count && (
            <Badge size="2xsmall" color="red">
              {count}
            </Badge>
          )}
        </div>
        <Text size="small" className="text-ui-fg-subtle">
          {t("checkouts.attention.intro", { count: Math.max(count, 1) })}
        </Text>
      </div>
      {error && (
        <Text className="text-ui-fg-error px-6 py-4">{error.message}</Text>
      )}
      {!!checkouts.length && (
        <Table data-testid="paylink-needs-attention-table">
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>
                {t("checkouts.columns.number")}
              </Table.HeaderCell>
              <Table.HeaderCell>
                {t("checkouts.columns.amount")}
              </Table.HeaderCell>
              <Table.HeaderCell>
                {t("checkouts.columns.reason")}
              </Table.HeaderCell>
              <Table.HeaderCell className="whitespace-normal">
                {t("checkouts.columns.returned")}
              </Table.HeaderCell>
              <Table.HeaderCell className="whitespace-normal">
                {t("checkouts.columns.link")}
              </Table.HeaderCell>
              <Table.HeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {checkouts.map((c) => (
              <Table.Row key={c.id} data-testid="paylink-needs-attention-row">
                <Table.Cell>
                  <OpenCheckoutButton checkout={c} onOpen={onOpen} />
                </Table.Cell>
                <Table.Cell className="whitespace-nowrap py-3">
                  <div className="flex flex-col">
                    <span className="text-ui-fg-base">{format.amount(c)}</span>
                    <span className="text-ui-fg-subtle">
                      {labels.gateway(c.gateway)}
                    </span>
                  </div>
                </Table.Cell>
                <Table.Cell className="text-ui-fg-base min-w-[220px] whitespace-normal py-3">
                  <AttentionReasons checkout={c} />
                </Table.Cell>
                <Table.Cell className="min-w-[96px] whitespace-normal py-3">
                  {format.date(c.returned_at)}
                </Table.Cell>
                <Table.Cell className="py-3">
                  <CheckoutLink checkout={c} />
                </Table.Cell>
                <Table.Cell className="py-3">
                  {/* One above the other: the longer Spanish words fit without pushing the row off the screen. */}
                  <div className="flex flex-col items-stretch gap-y-2 whitespace-nowrap">
                    <AttentionActions checkout={c} />
                  </div>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
      {!!data && data.count > checkouts.length && (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4">
          {t("checkouts.attention.more", {
            shown: checkouts.length,
            total: data.count,
          })}
        </Text>
      )}
    </Container>
  )
}
