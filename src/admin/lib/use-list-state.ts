import {
  createDataTableFilterHelper,
  useDataTable,
  type DataTableColumnDef,
  type DataTableDateComparisonOperator,
  type DataTableFilter,
  type DataTableFilteringState,
  type DataTablePaginationState,
} from "@medusajs/ui"
import { useMemo, useState } from "react"
import { useFormat } from "./format"
import { usePaylinkTranslation } from "./labels"

/** Filters and page of a server-paginated DataTable, and the `limit`/`offset` to ask the API for. */
export function useListState(pageSize: number) {
  const [filtering, setFiltering] = useState<DataTableFilteringState>({})
  const [pagination, setPagination] = useState<DataTablePaginationState>({
    pageIndex: 0,
    pageSize,
  })
  const [search, setSearch] = useState("")
  return {
    values: filtering as Record<string, unknown>,
    radio: <T extends string>(id: string) =>
      typeof filtering[id] === "string" ? (filtering[id] as T) : undefined,
    /** A multiselect filter's chosen values (undefined when none). */
    many: <T extends string>(id: string) =>
      Array.isArray(filtering[id]) && (filtering[id] as unknown[]).length
        ? (filtering[id] as T[])
        : undefined,
    /** The search box's text, trimmed (undefined when empty). */
    q: search.trim() || undefined,
    page: { limit: pageSize, offset: pagination.pageIndex * pageSize },
    filtering: { state: filtering, onFilteringChange: setFiltering },
    pagination: { state: pagination, onPaginationChange: setPagination },
    // Another search starts again at the first page.
    search: {
      state: search,
      onSearchChange: (next: string) => {
        setSearch(next)
        setPagination((p) => ({ ...p, pageIndex: 0 }))
      },
    },
  }
}

type ListState = ReturnType<typeof useListState>

/** The DataTable set-up every list of the plugin's admin shares. */
export function useListTable<T extends { id: string }>(
  list: ListState,
  table: {
    columns: DataTableColumnDef<T, any>[]
    rows: T[] | undefined
    count: number | undefined
    isLoading: boolean
    filters: DataTableFilter[]
    /** The list has a search box (ListTable's `search`). */
    searchable?: boolean
    onRowClick?: (
      event: React.MouseEvent<HTMLTableRowElement, MouseEvent>,
      row: T
    ) => void
  }
) {
  return useDataTable<T>({
    columns: table.columns,
    data: table.rows ?? [],
    getRowId: (row) => row.id,
    rowCount: table.count ?? 0,
    isLoading: table.isLoading,
    filters: table.filters,
    filtering: list.filtering,
    pagination: list.pagination,
    search: table.searchable ? list.search : undefined,
    onRowClick: table.onRowClick,
  })
}

const DAY_MS = 24 * 60 * 60 * 1000

/** A date filter as the dashboard's lists offer one; presets fixed while the page is open, so a chosen one stays recognised. */
export function useDateFilter(id: string, label: string): DataTableFilter {
  const { t } = usePaylinkTranslation()
  const format = useFormat()
  const today = useMemo(() => {
    const d = new Date()
    d.setHours(0, 0, 0, 0)
    return d
  }, [])
  return useMemo(() => {
    const since = (days: number) => ({
      $gte: new Date(today.getTime() - days * DAY_MS).toISOString(),
    })
    const twelveMonths = new Date(today)
    twelveMonths.setFullYear(today.getFullYear() - 1)
    return createDataTableFilterHelper<Record<string, unknown>>().accessor(id, {
      type: "date",
      label,
      format: "date",
      formatDateValue: (d: Date) =>
        d.toLocaleDateString(format.locale, {
          year: "numeric",
          month: "short",
          day: "numeric",
        }),
      rangeOptionLabel: t("dates.custom"),
      rangeOptionStartLabel: t("dates.starting"),
      rangeOptionEndLabel: t("dates.ending"),
      options: [
        { label: t("dates.today"), value: since(0) },
        { label: t("dates.lastSevenDays"), value: since(7) },
        { label: t("dates.lastThirtyDays"), value: since(30) },
        { label: t("dates.lastNinetyDays"), value: since(90) },
        {
          label: t("dates.lastTwelveMonths"),
          value: { $gte: twelveMonths.toISOString() },
        },
      ],
    }) as DataTableFilter
  }, [id, label, t, format.locale, today])
}

/** The custom range's end is a day (its midnight): the whole of that day is included. */
export function dateRange(
  value: unknown
): { $gte?: string; $lte?: string } | undefined {
  if (!value || typeof value !== "object") {
    return undefined
  }
  const v = value as DataTableDateComparisonOperator
  const range: { $gte?: string; $lte?: string } = {}
  if (v.$gte) {
    range.$gte = new Date(v.$gte).toISOString()
  }
  if (v.$lte) {
    const end = new Date(v.$lte)
    end.setHours(23, 59, 59, 999)
    range.$lte = end.toISOString()
  }
  return range.$gte || range.$lte ? range : undefined
}

export function useListStrings() {
  const { t } = usePaylinkTranslation()
  return useMemo(
    () => ({
      toolbar: { clearAll: t("list.clearAll") },
      addFilter: t("list.addFilter"),
      pagination: {
        of: t("list.of"),
        results: t("list.results"),
        pages: t("list.pages"),
        prev: t("list.prev"),
        next: t("list.next"),
      },
    }),
    [t]
  )
}
