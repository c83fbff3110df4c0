import {
  Button,
  Container,
  createDataTableColumnHelper,
  createDataTableFilterHelper,
  DataTable,
  Heading,
  Switch,
  Text,
  toast,
  usePrompt,
} from "@medusajs/ui"
import type { BenefitRule } from "../../../types"
import { useBenefitRules, useDeleteBenefitRule, useUpdateBenefitRule } from "../../lib/benefits"
import { formatGtq } from "../../lib/format"
import { useListState, useListTable } from "../../lib/use-list-state"
import { RuleCreateModal } from "./rule-create-modal"

const PAGE_SIZE = 50

const TEXT = {
  heading: "Benefits",
  name: "Name",
  code: "Program code",
  discount: "Discount",
  active: "Active",
  activeOf: (rule: BenefitRule) => `Active: ${rule.name}`,
  yes: "Active",
  no: "Inactive",
  delete: "Delete",
  deleteTitle: (rule: BenefitRule) => `Delete benefit "${rule.name}"?`,
  deleteDescription: "Customers will no longer see it.",
  cancel: "Cancel",
  percent: (value: number) => `${value} %`,
  upTo: (cap: number) => `, up to ${formatGtq(cap)}`,
  from: (min: number) => `, from ${formatGtq(min)}`,
  addFilter: "Add filter",
  clearFilters: "Clear all",
  empty: "No benefits yet.",
  emptyFiltered: "No benefits match these filters.",
}

/** What a rule takes off, e.g. "10 %, up to Q 50.00, from Q 50.00". */
export function describeRule(rule: Pick<BenefitRule, "kind" | "value" | "cap" | "min_total">) {
  const base = rule.kind === "percentage" ? TEXT.percent(rule.value) : formatGtq(rule.value)
  return `${base}${rule.cap != null ? TEXT.upTo(rule.cap) : ""}${rule.min_total != null ? TEXT.from(rule.min_total) : ""}`
}

const filters = createDataTableFilterHelper<BenefitRule>()

const FILTERS = [
  filters.accessor("active", {
    type: "radio",
    label: TEXT.active,
    options: [
      { value: "true", label: TEXT.yes },
      { value: "false", label: TEXT.no },
    ],
  }),
]

function ActiveSwitch({ rule }: { rule: BenefitRule }) {
  const update = useUpdateBenefitRule()
  return (
    <Switch
      aria-label={TEXT.activeOf(rule)}
      checked={rule.active}
      onCheckedChange={(active) => update.mutate({ id: rule.id, active }, { onError: (err) => toast.error(err.message) })}
    />
  )
}

function DeleteButton({ rule }: { rule: BenefitRule }) {
  const prompt = usePrompt()
  const remove = useDeleteBenefitRule()
  const onClick = async () => {
    const ok = await prompt({
      title: TEXT.deleteTitle(rule),
      description: TEXT.deleteDescription,
      confirmText: TEXT.delete,
      cancelText: TEXT.cancel,
    })
    if (ok) {
      remove.mutate(rule.id, { onError: (err) => toast.error(err.message) })
    }
  }
  return (
    <Button size="small" variant="transparent" onClick={onClick}>
      {TEXT.delete}
    </Button>
  )
}

const columns = createDataTableColumnHelper<BenefitRule>()

const COLUMNS = [
  columns.accessor("name", { header: TEXT.name }),
  columns.accessor("code", { header: TEXT.code }),
  columns.accessor("value", { header: TEXT.discount, cell: ({ row }) => describeRule(row.original) }),
  columns.accessor("active", { header: TEXT.active, cell: ({ row }) => <ActiveSwitch rule={row.original} /> }),
  // An accessor (not a display column) only to opt out of the truncating wrapper, which clips a button.
  columns.accessor("id", {
    id: "delete",
    header: "",
    truncateTooltip: false,
    cell: ({ row }) => (
      <div className="flex justify-end">
        <DeleteButton rule={row.original} />
      </div>
    ),
  }),
]

/** The merchant's benefit rules, by name: what each program code takes off a cart. */
export function BenefitRulesCard() {
  const list = useListState(PAGE_SIZE)
  const active = list.values.active
  const { data, isLoading, error } = useBenefitRules({ active: active === undefined ? undefined : active === "true", ...list.page })

  const table = useListTable(list, { columns: COLUMNS, rows: data?.rules, count: data?.count, isLoading, filters: FILTERS })

  return (
    <Container className="divide-y p-0" data-testid="benefits-rules">
      <DataTable instance={table}>
        <DataTable.Toolbar className="flex items-center justify-between gap-x-2" translations={{ clearAll: TEXT.clearFilters }}>
          <Heading level="h2">{TEXT.heading}</Heading>
          <div className="flex items-center gap-x-2">
            <DataTable.FilterMenu tooltip={TEXT.addFilter} />
            <RuleCreateModal />
          </div>
        </DataTable.Toolbar>
        {error && <Text className="text-ui-fg-error px-6 py-4">{error.message}</Text>}
        <DataTable.Table emptyState={{ empty: { heading: TEXT.empty }, filtered: { heading: TEXT.emptyFiltered } }} />
        <DataTable.Pagination />
      </DataTable>
    </Container>
  )
}
