/** "Create payment link" for an order or a draft order, and "Send to customer", as react-query hooks. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type {
  AdminCreateOrderPaymentLinkResponse,
  AdminOrderPaymentLinkOptionsResponse,
  AdminSendPaymentLinkResponse,
} from "../../types"
import { checkoutKeys, orderLinkOptionKeys } from "./query-keys"
import { sdk } from "./sdk"

export function useOrderLinkOptions(orderId: string) {
  return useQuery({
    queryKey: orderLinkOptionKeys.detail(orderId),
    queryFn: () =>
      sdk.client.fetch<AdminOrderPaymentLinkOptionsResponse>(
        `/admin/paylink/orders/${orderId}/payment-links`
      ),
  })
}

export function useCreateOrderLink(orderId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: { provider_id: string }) =>
      sdk.client.fetch<AdminCreateOrderPaymentLinkResponse>(
        `/admin/paylink/orders/${orderId}/payment-links`,
        { method: "POST", body }
      ),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: checkoutKeys.all })
      client.invalidateQueries({ queryKey: orderLinkOptionKeys.all })
    },
  })
}

export function useSendOrderLink() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, language }: { id: string; language?: "es" | "en" }) =>
      sdk.client.fetch<AdminSendPaymentLinkResponse>(
        `/admin/paylink/checkouts/${id}/send`,
        { method: "POST", body: language ? { language } : {} }
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: checkoutKeys.all }),
  })
}
