import {
  Button,
  Container,
  createDataTableColumnHelper,
  createDataTableFilterHelper,
  Switch,
  toast,
  usePrompt,
} from "@medusajs/ui"
import { useCallback, useMemo } from "react"
import type { BenefitRule } from "../../../types"
import {
  useBenefitRules,
  useDeleteBenefitRule,
  useUpdateBenefitRule,
} from "../../lib/benefits"
import { useFormat } from "../../lib/format"
import { usePaylinkTranslation } from "../../lib/labels"
import { useListState, useListTable } from "../../lib/use-list-state"
import { ListTable } from "../list-table"
import { RuleCreateModal } from "./rule-create-modal"

const PAGE_SIZE = 50

type RuleDiscount = Pick<
  BenefitRule,
  "kind" | "value" | "applies_to" | "cap" | "min_total"
>

/**
 * What a rule takes off, in the admin's language, e.g. "10 % of products, up to GTQ 50.00, from
 * GTQ 50.00": a percentage says what it is computed on.
 */
export function useDescribeRule() {
  const { t } = usePaylinkTranslation()
  const format = useFormat()
  return useCallback(
    (rule: RuleDiscount) =>
      [
        rule.kind === "percentage"
          ? t(`benefits.rules.percentOn.${rule.applies_to}`, {
              value: rule.value,
            })
          : format.gtq(rule.value),
        rule.cap != null
          ? t("benefits.rules.upTo", { amount: format.gtq(rule.cap) })
          : null,
        rule.min_total != null
          ? t("benefits.rules.from", { amount: format.gtq(rule.min_total) })
          : null,
      ]
        .filter(Boolean)
        .join(", "),
    [t, format]
  )
}

const filters = createDataTableFilterHelper<BenefitRule>()

function ActiveSwitch({ rule }: { rule: BenefitRule }) {
  const { t } = usePaylinkTranslation()
  const update = useUpdateBenefitRule()
  return (
    <Switch
      aria-label={t("benefits.rules.activeOf", { name: rule.name })}
      checked={rule.active}
      onCheckedChange={(active) =>
        update.mutate(
          { id: rule.id, active },
          { onError: (err) => toast.error(err.message) }
        )
      }
    />
  )
}

function DeleteButton({ rule }: { rule: BenefitRule }) {
  const { t } = usePaylinkTranslation()
  const prompt = usePrompt()
  const remove = useDeleteBenefitRule()
  const onClick = async () => {
    const ok = await prompt({
      title: t("benefits.rules.deleteTitle", { name: rule.name }),
      description: t("benefits.rules.deleteDescription"),
      confirmText: t("actions.delete"),
      cancelText: t("actions.cancel"),
    })
    if (ok) {
      remove.mutate(rule.id, { onError: (err) => toast.error(err.message) })
    }
  }
  return (
    <Button size="small" variant="transparent" onClick={onClick}>
      {t("actions.delete")}
    </Button>
  )
}

const columns = createDataTableColumnHelper<BenefitRule>()

/** The merchant's benefit rules, by name: what each program code takes off a cart. */
export function BenefitRulesCard() {
  const { t } = usePaylinkTranslation()
  const describeRule = useDescribeRule()
  const list = useListState(PAGE_SIZE)
  const active = list.radio<"true" | "false">("active")
  const { data, isLoading, isPlaceholderData, error } = useBenefitRules({
    active: active === undefined ? undefined : active === "true",
    ...list.page,
  })

  const FILTERS = useMemo(
    () => [
      filters.accessor("active", {
        type: "radio",
        label: t("benefits.rules.active"),
        options: [
          { value: "true", label: t("benefits.rules.active") },
          { value: "false", label: t("benefits.rules.inactive") },
        ],
      }),
    ],
    [t]
  )

  const COLUMNS = useMemo(
    () => [
      columns.accessor("name", { header: t("benefits.rules.name") }),
      columns.accessor("code", { header: t("benefits.rules.code") }),
      columns.accessor("value", {
        header: t("benefits.rules.discount"),
        cell: ({ row }) => describeRule(row.original),
      }),
      columns.accessor("active", {
        header: t("benefits.rules.active"),
        cell: ({ row }) => <ActiveSwitch rule={row.original} />,
      }),
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
    ],
    [t, describeRule]
  )

  const table = useListTable(list, {
    columns: COLUMNS,
    rows: data?.rules,
    count: data?.count,
    isLoading,
    filters: FILTERS,
  })

  return (
    <Container className="divide-y p-0" data-testid="benefits-rules">
      <ListTable
        table={table}
        heading={t("benefits.rules.heading")}
        actions={<RuleCreateModal />}
        error={error}
        busy={isPlaceholderData}
        empty={t("benefits.rules.empty")}
        emptyFiltered={t("benefits.rules.emptyFiltered")}
      />
    </Container>
  )
}
