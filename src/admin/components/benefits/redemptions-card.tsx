import { Container, Heading, StatusBadge, Table, Text } from "@medusajs/ui"
import { Link } from "react-router-dom"
import { useRedemptions, type Redemption } from "../../lib/benefits"

export const REDEMPTION_COLORS: Record<Redemption["status"], "green" | "blue" | "orange" | "grey" | "red"> = {
  redeemed: "green",
  authorized: "blue",
  pending: "orange",
  unknown: "red",
  stale: "orange",
  removed: "grey",
  failed: "red",
}

const gtq = (n: number) => new Intl.NumberFormat("es-GT", { style: "currency", currency: "GTQ" }).format(n)

/** The latest uses of loyalty cards, with the program's codes. */
export function RedemptionsCard() {
  const { data, error } = useRedemptions({ limit: 20 })
  const rows = data?.redemptions ?? []
  return (
    <Container className="divide-y p-0" data-testid="benefits-redemptions">
      <div className="px-6 py-4">
        <Heading level="h2">Recent redemptions</Heading>
      </div>
      {error && <Text className="text-ui-fg-error px-6 py-4">{error.message}</Text>}
      <Table>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>Card</Table.HeaderCell>
            <Table.HeaderCell>Discount</Table.HeaderCell>
            <Table.HeaderCell>Status</Table.HeaderCell>
            <Table.HeaderCell>Authorization</Table.HeaderCell>
            <Table.HeaderCell>Confirmation</Table.HeaderCell>
            <Table.HeaderCell>Order</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => (
            <Table.Row key={r.id}>
              <Table.Cell>•••• {r.card_last4}</Table.Cell>
              <Table.Cell>
                {gtq(r.discount)} of {gtq(r.total)}
              </Table.Cell>
              <Table.Cell>
                <StatusBadge color={REDEMPTION_COLORS[r.status]}>{r.status}</StatusBadge>
              </Table.Cell>
              <Table.Cell>{r.authorization ?? "—"}</Table.Cell>
              <Table.Cell>{r.confirmation ?? "—"}</Table.Cell>
              <Table.Cell>{r.order_id ? <Link to={`/orders/${r.order_id}`}>View order</Link> : "—"}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
      {data && !rows.length && <Text className="text-ui-fg-subtle px-6 py-4">No loyalty cards used yet.</Text>}
    </Container>
  )
}
