/** Which of a product's goods are sold by subscription (the product page's card), as react-query hooks. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { AdminProductSubscriptionResponse } from "../../types"
import {
  dashboardProductKeys,
  orderLinkOptionKeys,
  productSubscriptionKeys,
} from "./query-keys"
import { sdk } from "./sdk"

export type ProductSubscriptionChange = {
  subscription?: boolean
  variants?: { id: string; subscription: boolean }[]
}

export function useProductSubscription(productId: string) {
  return useQuery({
    queryKey: productSubscriptionKeys.detail(productId),
    queryFn: () =>
      sdk.client.fetch<AdminProductSubscriptionResponse>(
        `/admin/paylink/products/${productId}/subscription`
      ),
  })
}

export function useSetProductSubscription(productId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: ProductSubscriptionChange) =>
      sdk.client.fetch<AdminProductSubscriptionResponse>(
        `/admin/paylink/products/${productId}/subscription`,
        { method: "POST", body }
      ),
    onSuccess: (answer) => {
      client.setQueryData(productSubscriptionKeys.detail(productId), answer)
      // The mark is product and variant metadata: the dashboard's Metadata sections show it too.
      client.invalidateQueries({ queryKey: dashboardProductKeys.all })
      // What "Create payment link" offers for an order depends on its goods' marks.
      client.invalidateQueries({ queryKey: orderLinkOptionKeys.all })
    },
  })
}
