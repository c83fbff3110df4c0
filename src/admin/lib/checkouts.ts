/** The admin API of the paylink module, as react-query hooks. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { sdk } from "./sdk"

export type CheckoutStatus =
  | "created"
  | "unknown"
  | "returned"
  | "canceled"
  | "withdrawn"
  | "expired"
  | "failed"
  | "completed"
  | "needs_attention"
  | "refunded"
export type Gateway = "gateway_a" | "gateway_a_subscription" | "gateway_b" | "gateway_c"

/** Every status, in the order the status filter lists them. */
export const CHECKOUT_STATUSES: CheckoutStatus[] = [
  "needs_attention",
  "created",
  "unknown",
  "returned",
  "completed",
  "canceled",
  "withdrawn",
  "expired",
  "failed",
  "refunded",
]

export type Checkout = {
  id: string
  number: number
  gateway: Gateway
  provider_id: string | null
  order_id: string | null
  cart_id: string | null
  checkout_id: string | null
  url: string | null
  amount: number
  currency_code: string
  status: CheckoutStatus
  confirmation: "return" | "manual"
  canceled_by: "customer" | "store" | null
  failure_reason: string | null
  /** Why a paid link needs the merchant (status `needs_attention`), in words for the merchant. */
  attention_reason: string | null
  /** The admin user who placed the order or recorded the refund by hand. */
  settled_by: string | null
  settled_at: string | null
  settlement_note: string | null
  returned_at: string | null
  canceled_at: string | null
  completed_at: string | null
  confirmed_at: string | null
  refunded_amount: number
  expires_at: string | null
  created_at: string
}

export type CheckoutFilters = {
  status?: CheckoutStatus
  gateway?: Gateway
  order_id?: string
  cart_id?: string
  number?: number
  /** A field to sort by, "-" first for descending (e.g. "-created_at"). */
  order?: string
  limit?: number
  offset?: number
}

type ListResponse = { checkouts: Checkout[]; count: number; limit: number; offset: number }

export const GATEWAY_LABELS: Record<Gateway, string> = {
  gateway_a: "Gateway A",
  gateway_a_subscription: "Gateway A (subscription)",
  gateway_b: "Gateway B",
  gateway_c: "Gateway C",
}

/** What the merchant reads for each status (the badge and the status filter). */
export const STATUS_LABELS: Record<CheckoutStatus, string> = {
  created: "Created",
  unknown: "Outcome unknown",
  returned: "Returned",
  canceled: "Canceled",
  withdrawn: "Withdrawn",
  expired: "Expired",
  failed: "Failed",
  completed: "Completed",
  needs_attention: "Needs attention",
  refunded: "Refunded by hand",
}

const KEY = "paylink-checkouts"

export function useCheckouts(filters: CheckoutFilters) {
  const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ""))
  return useQuery({
    queryKey: [KEY, query],
    queryFn: () => sdk.client.fetch<ListResponse>("/admin/paylink/checkouts", { query }),
  })
}

/** After an action on a record: every list of records, and the orders (payment status, new order). */
function useRefresh() {
  const client = useQueryClient()
  return () => {
    client.invalidateQueries({ queryKey: [KEY] })
    client.invalidateQueries({ queryKey: ["orders"] })
  }
}

export function useConfirmCheckout() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (id: string) =>
      sdk.client.fetch<{ checkout: Checkout }>(`/admin/paylink/checkouts/${id}/confirm`, { method: "POST", body: {} }),
    onSuccess: refresh,
  })
}

/** A paid link that needs attention becomes the order its cart was paid for. */
export function usePlaceOrder() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (id: string) =>
      sdk.client.fetch<{ checkout: Checkout }>(`/admin/paylink/checkouts/${id}/place-order`, { method: "POST", body: {} }),
    onSuccess: refresh,
  })
}

/** The merchant refunded a paid link that needs attention outside Medusa; the note says how. */
export function useMarkRefunded() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) =>
      sdk.client.fetch<{ checkout: Checkout }>(`/admin/paylink/checkouts/${id}/mark-refunded`, {
        method: "POST",
        body: { note },
      }),
    onSuccess: refresh,
  })
}

/** An admin user's name (or email) for "settled by"; the id when the user cannot be read. */
export function useUserName(id: string | null) {
  const { data, isError } = useQuery({
    queryKey: ["paylink-user", id],
    queryFn: () => sdk.admin.user.retrieve(id!, { fields: "id,email,first_name,last_name" }),
    enabled: !!id,
    staleTime: Infinity,
    retry: false,
  })
  if (!id) {
    return null
  }
  if (isError || !data) {
    return isError ? id : null
  }
  const u = data.user
  return [u.first_name, u.last_name].filter(Boolean).join(" ") || u.email || id
}

/** A manual-mode link whose order is placed but whose payment the merchant has not confirmed. */
export const awaitsConfirmation = (c: Checkout) =>
  c.confirmation === "manual" && c.status === "completed" && !c.confirmed_at

/** The note a merchant writes when recording a refund by hand: the server's own limits. */
export const NOTE_MIN = 3
export const NOTE_MAX = 1000

export function formatAmount(c: Pick<Checkout, "amount" | "currency_code">) {
  return new Intl.NumberFormat("es-GT", { style: "currency", currency: c.currency_code }).format(c.amount)
}

export function formatDate(iso: string | null) {
  return iso ? new Date(iso).toLocaleString() : "—"
}
