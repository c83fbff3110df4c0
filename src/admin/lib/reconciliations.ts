/** The admin API of reconciliations (a gateway's export checked against the records), as react-query hooks. */
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query"
import type {
  AdminReconciliationBadRowsResponse,
  AdminReconciliationEntriesResponse,
  AdminReconciliationListResponse,
  AdminReconciliationResponse,
  AdminReconciliationUploadResponse,
  EntryAction,
  Reconciliation,
  ReconciliationGateway,
  ReconciliationGroup,
  ReconciliationMapping,
} from "../../types"
import { ENTRY_ACTIONS } from "../../types"
import { RENEWAL_ACTIONS } from "./reconciliation-format"
import {
  checkoutKeys,
  dashboardOrderKeys,
  reconciliationEntryKeys,
  reconciliationKeys,
} from "./query-keys"
import { sdk } from "./sdk"

const BASE = "/admin/paylink/reconciliations"

/** While a file is read or applied the page asks again every second. */
export const POLL_MS = 1000
export const isBusy = (r: Pick<Reconciliation, "status"> | undefined) =>
  r?.status === "reading" || r?.status === "applying"

export function useReconciliations(page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: reconciliationKeys.list(page),
    queryFn: () =>
      sdk.client.fetch<AdminReconciliationListResponse>(BASE, { query: page }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.reconciliations.some(isBusy) ? POLL_MS : false,
  })
}

export function useReconciliation(id: string) {
  return useQuery({
    queryKey: reconciliationKeys.detail(id),
    queryFn: () =>
      sdk.client.fetch<AdminReconciliationResponse>(`${BASE}/${id}`),
    refetchInterval: (q) =>
      isBusy(q.state.data?.reconciliation) ? POLL_MS : false,
  })
}

/** `version` is part of the key: entries appear while the file is read and change when it is applied. */
export function useReconciliationEntries(
  id: string,
  group: ReconciliationGroup,
  page: { limit: number; offset: number },
  version: string
) {
  const query = { group, ...page }
  return useQuery({
    queryKey: reconciliationEntryKeys.list({ id, ...query, version }),
    queryFn: () =>
      sdk.client.fetch<AdminReconciliationEntriesResponse>(
        `${BASE}/${id}/entries`,
        { query }
      ),
    placeholderData: keepPreviousData,
  })
}

export function useReconciliationBadRows(
  id: string,
  page: { limit: number; offset: number },
  version: string
) {
  return useQuery({
    queryKey: reconciliationEntryKeys.list({
      id,
      bad_rows: true,
      ...page,
      version,
    }),
    queryFn: () =>
      sdk.client.fetch<AdminReconciliationBadRowsResponse>(
        `${BASE}/${id}/bad-rows`,
        { query: page }
      ),
    placeholderData: keepPreviousData,
  })
}

/**
 * The file goes up as the raw body (the route streams it), through the SDK's client so it carries
 * the admin's authentication; a non-JSON content type keeps the client from serializing it.
 */
export function useUploadReconciliationFile() {
  return useMutation({
    mutationFn: ({
      gateway,
      file,
    }: {
      gateway: ReconciliationGateway
      file: File
    }) =>
      sdk.client.fetch<AdminReconciliationUploadResponse>(`${BASE}/uploads`, {
        method: "POST",
        query: { gateway, file_name: file.name },
        headers: { "content-type": "text/csv" },
        body: file,
      }),
  })
}

export type CreateReconciliationBody = {
  gateway: ReconciliationGateway
  file_key: string
  file_name: string
  mapping: ReconciliationMapping
}

export function useCreateReconciliation() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateReconciliationBody) =>
      sdk.client.fetch<AdminReconciliationResponse>(BASE, {
        method: "POST",
        body,
      }),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: reconciliationKeys.lists() }),
  })
}

/** Applying moves records to Needs attention and flags orders: their lists are refreshed too. */
export function useApplyReconciliation(id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: { confirm_gateway?: true } = {}) =>
      sdk.client.fetch<AdminReconciliationResponse>(`${BASE}/${id}/apply`, {
        method: "POST",
        body,
      }),
    onSettled: () => {
      client.invalidateQueries({ queryKey: reconciliationKeys.all })
      client.invalidateQueries({ queryKey: reconciliationEntryKeys.all })
      client.invalidateQueries({ queryKey: checkoutKeys.all })
      client.invalidateQueries({ queryKey: dashboardOrderKeys.all })
    },
  })
}

export function useDeleteReconciliation(id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () =>
      sdk.client.fetch<{ id: string; deleted: true }>(`${BASE}/${id}`, {
        method: "DELETE",
      }),
    onSuccess: () => {
      client.removeQueries({ queryKey: reconciliationKeys.detail(id) })
      client.invalidateQueries({ queryKey: reconciliationKeys.all })
    },
  })
}

/** Fetched, not a plain link, so it carries the admin's authentication however the admin is set up. */
export async function downloadReconciliation(
  r: Pick<Reconciliation, "id" | "file_name">
) {
  const response = await sdk.client.fetch<Response>(
    `${BASE}/${r.id}/download`,
    { headers: { accept: "text/csv" } }
  )
  const url = URL.createObjectURL(await response.blob())
  try {
    const a = document.createElement("a")
    a.href = url
    a.download = `${r.file_name.replace(/\.csv$/i, "")}-reconciliation.csv`
    document.body.appendChild(a)
    a.click()
    a.remove()
  } finally {
    // After the click has handed the blob to the download.
    setTimeout(() => URL.revokeObjectURL(url), 1000)
  }
}

/** What applying will change, per action: one counting request each (`limit=1`, the answer's `count`). */
export function usePendingChanges(r: Reconciliation | undefined) {
  return useQuery({
    queryKey: reconciliationEntryKeys.detail(`${r?.id}:pending:${r?.status}`),
    enabled: r?.status === "ready",
    queryFn: async () => {
      // The renewals' own figures say what Apply does to subscriptions (reconciliation.renewals).
      const counted = ENTRY_ACTIONS.filter((a) => !RENEWAL_ACTIONS.has(a))
      const counts = await Promise.all(
        counted.map(async (action) => {
          const page =
            await sdk.client.fetch<AdminReconciliationEntriesResponse>(
              `${BASE}/${r!.id}/entries`,
              {
                query: { action, applied: "false", limit: 1 },
              }
            )
          return [action, page.count] as const
        })
      )
      return Object.fromEntries([
        ...ENTRY_ACTIONS.map((a) => [a, 0] as const),
        ...counts,
      ]) as Record<EntryAction, number>
    },
  })
}

/** The "Reading <file>…" toast's id: the reconciliation's page dismisses it when the read ends. */
export const readingToastId = (reconciliationId: string) =>
  `paylink-reconcile-reading-${reconciliationId}`
