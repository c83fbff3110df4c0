/** The admin API of the paylink module, as react-query hooks. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { sdk } from "./sdk"

export type CheckoutStatus = "created" | "returned" | "canceled" | "completed" | "expired" | "failed"
export type Gateway = "gateway_a" | "gateway_a_subscription" | "gateway_b" | "gateway_c"

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
  returned_at: string | null
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

const KEY = "paylink-checkouts"

export function useCheckouts(filters: CheckoutFilters) {
  const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ""))
  return useQuery({
    queryKey: [KEY, query],
    queryFn: () => sdk.client.fetch<ListResponse>("/admin/paylink/checkouts", { query }),
  })
}

export function useConfirmCheckout() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      sdk.client.fetch<{ checkout: Checkout }>(`/admin/paylink/checkouts/${id}/confirm`, { method: "POST", body: {} }),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: [KEY] })
      // The order's payment status changes too.
      client.invalidateQueries({ queryKey: ["orders"] })
    },
  })
}

/** A manual-mode link whose order is placed but whose payment the merchant has not confirmed. */
export const awaitsConfirmation = (c: Checkout) =>
  c.confirmation === "manual" && c.status === "completed" && !c.confirmed_at

export function formatAmount(c: Pick<Checkout, "amount" | "currency_code">) {
  return new Intl.NumberFormat("es-GT", { style: "currency", currency: c.currency_code }).format(c.amount)
}
