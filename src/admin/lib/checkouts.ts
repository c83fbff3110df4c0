/** The admin API of the paylink module, as react-query hooks. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type {
  AdminPaylinkCheckoutListResponse,
  AdminPaylinkCheckoutResponse,
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
  /** A field to sort by, "-" first for descending (e.g. "-created_at"). */
  order?: string
  limit?: number
  offset?: number
}

export function useCheckouts(filters: CheckoutFilters) {
  const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ""))
  return useQuery({
    queryKey: checkoutKeys.list(query),
    queryFn: () => sdk.client.fetch<AdminPaylinkCheckoutListResponse>("/admin/paylink/checkouts", { query }),
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
  sdk.client.fetch<AdminPaylinkCheckoutResponse>(`/admin/paylink/checkouts/${id}/${action}`, { method: "POST", body })

/** Manual confirmation: the merchant vouches that the gateway's dashboard shows the payment. */
export function useConfirmCheckout() {
  const refresh = useRefresh()
  return useMutation({ mutationFn: (id: string) => post(id, "confirm"), onSuccess: refresh })
}

/** A paid link that needs attention becomes the order its cart was paid for. */
export function usePlaceOrder() {
  const refresh = useRefresh()
  return useMutation({ mutationFn: (id: string) => post(id, "place-order"), onSuccess: refresh })
}

/** The merchant refunded a paid link that needs attention outside Medusa; the note says how. */
export function useMarkRefunded() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: ({ id, ...body }: AdminMarkRefundedBodyType & { id: string }) => post(id, "mark-refunded", body),
    onSuccess: refresh,
  })
}

/** A manual-mode link whose order is placed but whose payment the merchant has not confirmed. */
export const awaitsConfirmation = (c: PaylinkCheckout) =>
  c.confirmation === "manual" && c.status === "completed" && !c.confirmed_at
