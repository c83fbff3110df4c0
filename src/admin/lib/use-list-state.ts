import { useDataTable, type DataTableColumnDef, type DataTableFilter, type DataTableFilteringState, type DataTablePaginationState } from "@medusajs/ui"
import { useState } from "react"

/**
 * The state of a server-paginated, server-filtered DataTable: its filters and page, for
 * `useDataTable`, and the `limit`/`offset` to ask the API for. Changing a filter goes back to the
 * first page (useDataTable's autoResetPageIndex).
 */
export function useListState(pageSize: number) {
  const [filtering, setFiltering] = useState<DataTableFilteringState>({})
  const [pagination, setPagination] = useState<DataTablePaginationState>({ pageIndex: 0, pageSize })
  return {
    /** The filters' values by filter id (a radio filter's value is its option's value). */
    values: filtering as Record<string, string | undefined>,
    page: { limit: pageSize, offset: pagination.pageIndex * pageSize },
    filtering: { state: filtering, onFilteringChange: setFiltering },
    pagination: { state: pagination, onPaginationChange: setPagination },
  }
}

type ListState = ReturnType<typeof useListState>

/**
 * A DataTable over one page of server rows (`rows`, `count`) with the list's filters and page: the
 * set-up every list of the plugin's admin shares.
 */
export function useListTable<T extends { id: string }>(
  list: ListState,
  table: { columns: DataTableColumnDef<T, any>[]; rows: T[] | undefined; count: number | undefined; isLoading: boolean; filters: DataTableFilter[] }
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
  })
}
