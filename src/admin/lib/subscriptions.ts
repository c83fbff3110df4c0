/** The admin API of subscriptions (gateway A's recurring link), as react-query hooks. */
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query"
import type {
  Subscription,
  SubscriptionEvent,
  SubscriptionStatus,
} from "../../types"
import { dashboardOrderKeys, subscriptionKeys } from "./query-keys"
import { sdk } from "./sdk"

const BASE = "/admin/paylink/subscriptions"

/** A subscription with its timeline, oldest first (the detail route's answer). */
export type SubscriptionWithEvents = Subscription & {
  events: SubscriptionEvent[]
}
export type AdminSubscriptionListResponse = {
  subscriptions: Subscription[]
  count: number
  offset: number
  limit: number
}
export type AdminSubscriptionResponse = {
  subscription: SubscriptionWithEvents
}

export type SubscriptionFilters = {
  status?: SubscriptionStatus[]
  /** The customer's e-mail or name, or the link's number. */
  q?: string
  /** A first or renewal order: finds its subscription. */
  order_id?: string
  /** A field to sort by, "-" first for descending (e.g. "-last_charge_at"). */
  order?: string
  limit?: number
  offset?: number
}

/** The previous rows stay while another page loads, as the plugin's other lists do. */
export function useSubscriptions(
  filters: SubscriptionFilters,
  options: { enabled?: boolean } = {}
) {
  const query = Object.fromEntries(
    Object.entries(filters).filter(
      ([, v]) =>
        v !== undefined && v !== "" && !(Array.isArray(v) && v.length === 0)
    )
  )
  return useQuery({
    queryKey: subscriptionKeys.list(query),
    queryFn: () =>
      sdk.client.fetch<AdminSubscriptionListResponse>(BASE, { query }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  })
}

/**
 * One subscription with its timeline. `initial` (the row it was opened from, which has no events)
 * shows at once; the timeline follows.
 */
export function useSubscription(
  id: string | undefined,
  initial?: Subscription
) {
  return useQuery({
    queryKey: subscriptionKeys.detail(id ?? ""),
    queryFn: () => sdk.client.fetch<AdminSubscriptionResponse>(`${BASE}/${id}`),
    enabled: !!id,
    placeholderData:
      initial && initial.id === id
        ? { subscription: { ...initial, events: [] } }
        : undefined,
  })
}

/** After an action: every subscription query, and the orders (a renewal order made). */
function useRefresh() {
  const client = useQueryClient()
  return () => {
    client.invalidateQueries({ queryKey: subscriptionKeys.all })
    client.invalidateQueries({ queryKey: dashboardOrderKeys.all })
  }
}

/** The note the merchant may write when marking a subscription ended (the route's limit). */
export const END_NOTE_MAX = 1000

export function useEndSubscription(id: string) {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (body: { note?: string }) =>
      sdk.client.fetch<{ subscription: Subscription }>(`${BASE}/${id}/end`, {
        method: "POST",
        body,
      }),
    onSuccess: refresh,
  })
}

/** Makes again a renewal order Medusa refused (`failed`), or one a stopped apply left `making`. */
export function useMakeRenewalOrder(id: string) {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (eventId: string) =>
      sdk.client.fetch<{ subscription: Subscription }>(
        `${BASE}/${id}/events/${eventId}/order`,
        { method: "POST", body: {} }
      ),
    onSuccess: refresh,
  })
}

/** The Subscriptions page with a subscription's drawer open: other pages link to it. */
export const subscriptionPath = (id: string) =>
  `/payment-links/subscriptions?id=${encodeURIComponent(id)}`
