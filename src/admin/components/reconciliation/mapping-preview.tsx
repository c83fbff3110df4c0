import { StatusBadge, Table, Text } from "@medusajs/ui"
import { MAPPED_FIELDS, type MappedField } from "../../../types"
import { formatAmount, useFormat } from "../../lib/format"
import { usePaylinkTranslation } from "../../lib/labels"
import {
  readPreviewRow,
  type CellReading,
  type PreviewMapping,
} from "../../lib/report-preview"

/** "Q 1,234.50", as the rest of the admin writes amounts; the bare number when no currency was read. */
function readAmount(cents: bigint, currency: string, locale: string) {
  const major = Number(cents) / 100
  if (!currency)
    return new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(
      major
    )
  return formatAmount({ amount: major, currency_code: currency }, locale)
}

/** The file's first rows as the server will read them with the mapping being edited. */
export function MappingPreview({
  columns,
  rows,
  mapping,
  defaultCurrency,
}: {
  columns: string[]
  rows: string[][]
  mapping: PreviewMapping
  defaultCurrency: string
}) {
  const { t } = usePaylinkTranslation()
  const format = useFormat()
  const fields = MAPPED_FIELDS.filter((f) => mapping.columns[f])
  const readings = rows.map((cells) =>
    readPreviewRow(cells, columns, mapping, defaultCurrency)
  )

  const reads = (c: CellReading) => {
    if (!c.ok)
      return (
        <span className="text-ui-fg-error">
          {t(`reconcile.preview.problems.${c.problem}`)}
        </span>
      )
    const r = c.reading
    switch (r.kind) {
      case "amount":
        return readAmount(r.cents, r.currency, format.locale)
      case "date":
        return r.at.toLocaleString(format.locale, {
          dateStyle: "medium",
          timeStyle: "short",
        })
      case "status":
        return r.paid
          ? t("reconcile.preview.payment")
          : t("reconcile.preview.skipped")
      case "reference":
        return r.number !== null ? `#${r.number}` : r.checkoutId
      case "card":
        return r.last4 ? `•••• ${r.last4}` : "—"
      case "currency":
        return r.code
      default:
        return r.text || "—"
    }
  }

  const cellOf = (cells: CellReading[], f: MappedField) =>
    cells.find((c) => c.field === f)

  return (
    <div
      className="flex flex-col gap-y-2"
      data-testid="paylink-reconcile-preview"
    >
      <div>
        <Text size="small" weight="plus">
          {t("reconcile.preview.title")}
        </Text>
        <Text size="xsmall" className="text-ui-fg-subtle">
          {t("reconcile.preview.description")}
        </Text>
      </div>
      <div className="shadow-elevation-card-rest overflow-x-auto rounded-lg">
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t("reconcile.preview.row")}</Table.HeaderCell>
              {fields.map((f) => (
                <Table.HeaderCell key={f}>
                  <span className="flex flex-col">
                    <span>{t(`reconcile.mapping.fields.${f}`)}</span>
                    <span className="text-ui-fg-muted txt-compact-xsmall font-normal">
                      {mapping.columns[f]}
                    </span>
                  </span>
                </Table.HeaderCell>
              ))}
              <Table.HeaderCell>
                {t("reconcile.preview.reads")}
              </Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {readings.map((row, i) => (
              <Table.Row
                key={i}
                data-testid="paylink-reconcile-preview-row"
                data-verdict={row.verdict}
              >
                {/* The header is line 1: the first data row is line 2 (as the server's bad rows count). */}
                <Table.Cell className="text-ui-fg-subtle">{i + 2}</Table.Cell>
                {fields.map((f) => {
                  const c = cellOf(row.cells, f)
                  return (
                    <Table.Cell key={f} className="align-top" data-field={f}>
                      <span className="flex max-w-[180px] flex-col py-1">
                        <span
                          className="text-ui-fg-muted truncate font-mono text-xs"
                          title={c?.raw}
                        >
                          {c?.raw || "—"}
                        </span>
                        <span
                          className="truncate"
                          data-testid="paylink-reconcile-reads"
                        >
                          {c ? reads(c) : "—"}
                        </span>
                      </span>
                    </Table.Cell>
                  )
                })}
                <Table.Cell>
                  <StatusBadge
                    color={
                      row.verdict === "payment"
                        ? "green"
                        : row.verdict === "skipped"
                          ? "grey"
                          : "red"
                    }
                  >
                    {t(`reconcile.preview.${row.verdict}`)}
                  </StatusBadge>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      </div>
    </div>
  )
}
