/** The admin API of the paylink module, as react-query hooks. */
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query"
import { PAYLINK_PROVIDER_PREFIX } from "../../types"
import type {
  AdminPaylinkCheckoutListResponse,
  AdminPaylinkCheckoutResponse,
  CheckoutOrigin,
  CheckoutStatus,
  Gateway,
  PaylinkCheckout,
} from "../../types"
import type { AdminMarkRefundedBodyType } from "../../api/admin/paylink/schemas"
import { checkoutKeys, dashboardOrderKeys } from "./query-keys"
import { sdk } from "./sdk"

export type CheckoutFilters = {
  status?: CheckoutStatus
  gateway?: Gateway
  order_id?: string
  cart_id?: string
  number?: number
  origin?: CheckoutOrigin | CheckoutOrigin[]
  created_at?: { $gte?: string; $lte?: string }
  /** A field to sort by, "-" first for descending (e.g. "-created_at"). */
  order?: string
  limit?: number
  offset?: number
}

/** The previous rows stay while another page loads, as the dashboard's lists do, so an open filter stays open. */
export function useCheckouts(filters: CheckoutFilters) {
  const query = Object.fromEntries(
    Object.entries(filters).filter(([, v]) => v !== undefined && v !== "")
  )
  return useQuery({
    queryKey: checkoutKeys.list(query),
    queryFn: () =>
      sdk.client.fetch<AdminPaylinkCheckoutListResponse>(
        "/admin/paylink/checkouts",
        { query }
      ),
    placeholderData: keepPreviousData,
  })
}

/** `initial` (the row it was opened from) shows at once. */
export function useCheckout(id: string | undefined, initial?: PaylinkCheckout) {
  return useQuery({
    queryKey: checkoutKeys.detail(id ?? ""),
    queryFn: () =>
      sdk.client.fetch<AdminPaylinkCheckoutResponse>(
        `/admin/paylink/checkouts/${id}`
      ),
    enabled: !!id,
    initialData:
      initial && initial.id === id ? { checkout: initial } : undefined,
  })
}

/** After an action on a record: every query of records, and the orders (payment status, new order). */
function useRefresh() {
  const client = useQueryClient()
  return () => {
    client.invalidateQueries({ queryKey: checkoutKeys.all })
    client.invalidateQueries({ queryKey: dashboardOrderKeys.all })
  }
}

const post = (id: string, action: string, body: object = {}) =>
  sdk.client.fetch<AdminPaylinkCheckoutResponse>(
    `/admin/paylink/checkouts/${id}/${action}`,
    { method: "POST", body }
  )

export function useConfirmCheckout() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (id: string) => post(id, "confirm"),
    onSuccess: refresh,
  })
}

export function usePlaceOrder() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (id: string) => post(id, "place-order"),
    onSuccess: refresh,
  })
}

export function useMarkRefunded() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ id, ...body }: AdminMarkRefundedBodyType & { id: string }) =>
      post(id, "mark-refunded", body),
    onSuccess: refresh,
  })
}

/** A manual-mode link whose order is placed but whose payment the merchant has not confirmed. */
export const awaitsConfirmation = (c: PaylinkCheckout) =>
  c.confirmation === "manual" && c.status === "completed" && !c.confirmed_at

/**
 * The status as the merchant reads it: a link the customer canceled stays "Canceled by the
 * customer" when the store withdraws it later (a new link for the same cart does), since
 * `canceled_by` keeps the customer's cancel; "Withdrawn" is the store's own withdrawal.
 */
export function shownStatus(
  c: Pick<PaylinkCheckout, "status" | "canceled_by">
): CheckoutStatus {
  return c.status === "withdrawn" && c.canceled_by === "customer"
    ? "canceled"
    : c.status
}

/**
 * An order's page, a draft order's (same id), or a cart with no order (the admin has no page for
 * carts), with the order's display number when the server said it (`subject`). A draft that has
 * become an order is the order.
 */
export function checkoutTarget(
  c: Pick<PaylinkCheckout, "order_id" | "cart_id" | "origin" | "status"> & {
    subject?: PaylinkCheckout["subject"]
  }
) {
  if (c.order_id) {
    const order = c.subject?.order
    const draft = order
      ? order.draft
      : c.origin === "draft_order" && c.status !== "completed"
    const number = order?.display_id ?? null
    return draft
      ? ({
          kind: "draft_order",
          id: c.order_id,
          number,
          to: `/draft-orders/${c.order_id}`,
        } as const)
      : ({
          kind: "order",
          id: c.order_id,
          number,
          to: `/orders/${c.order_id}`,
        } as const)
  }
  return c.cart_id
    ? ({ kind: "cart", id: c.cart_id, number: null } as const)
    : null
}

/** The registration id of `pp_paylink-<gateway>_<registration id>`: how the merchant tells registrations apart. */
export function registrationOf(providerId: string | null): string | null {
  if (!providerId?.startsWith(PAYLINK_PROVIDER_PREFIX)) {
    return null
  }
  const rest = providerId.slice(PAYLINK_PROVIDER_PREFIX.length)
  const at = rest.indexOf("_")
  return at > 0 && at < rest.length - 1 ? rest.slice(at + 1) : null
}
