import { DataTable, Heading, Text, useDataTable } from "@medusajs/ui"
import type { ReactNode } from "react"
import { useListStrings } from "../lib/use-list-state"

/**
 * What every list of the plugin's admin shows around its DataTable. `testId` names the filter menu
 * (`<testId>-filter-menu`) and the table (`<testId>-table`), aria-busy while previous rows show.
 */
export function ListTable({
  table,
  heading,
  level = "h2",
  actions,
  error,
  empty,
  emptyFiltered,
  emptyDescription,
  search,
  testId,
  busy,
  fixedLayout,
}: {
  table: ReturnType<typeof useDataTable<any>>
  heading: string
  level?: "h1" | "h2"
  actions?: ReactNode
  error: Error | null
  empty: string
  emptyFiltered: string
  /** A line under the empty list's heading: where its records come from. */
  emptyDescription?: string
  /** The search box's placeholder: the table has one (useListTable's `searchable`). */
  search?: string
  testId?: string
  busy?: boolean
  /** Columns exactly as wide as their `size`: the automatic layout squeezes one to widen another. */
  fixedLayout?: boolean
}) {
  const strings = useListStrings()
  return (
    <DataTable instance={table}>
      <DataTable.Toolbar
        className="flex items-center justify-between gap-x-2"
        translations={strings.toolbar}
      >
        <Heading level={level}>{heading}</Heading>
        <div className="flex items-center gap-x-2">
          {search && (
            <div data-testid={testId && `${testId}-search`}>
              <DataTable.Search placeholder={search} className="w-[280px]" />
            </div>
          )}
          {/* DataTable's filter menu throws when the table has no filter (a list without any). */}
          {table.getFilters().length > 0 && (
            <div data-testid={testId && `${testId}-filter-menu`}>
              <DataTable.FilterMenu tooltip={strings.addFilter} />
            </div>
          )}
          {actions}
        </div>
      </DataTable.Toolbar>
      {error && (
        <Text className="text-ui-fg-error px-6 py-4">{error.message}</Text>
      )}
      <div
        data-testid={testId && `${testId}-table`}
        aria-busy={busy || undefined}
        className={fixedLayout ? "[&_table]:table-fixed" : undefined}
      >
        <DataTable.Table
          emptyState={{
            empty: emptyDescription
              ? {
                  custom: (
                    <div
                      className="flex max-w-[560px] flex-col items-center gap-y-1 text-center"
                      data-testid={testId && `${testId}-empty`}
                    >
                      <Text size="small" weight="plus">
                        {empty}
                      </Text>
                      <Text size="small" className="text-ui-fg-subtle">
                        {emptyDescription}
                      </Text>
                    </div>
                  ),
                }
              : { heading: empty },
            filtered: { heading: emptyFiltered },
          }}
        />
      </div>
      <DataTable.Pagination translations={strings.pagination} />
    </DataTable>
  )
}
