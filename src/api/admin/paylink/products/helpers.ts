import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { isMarkedForSubscription } from "../../../../lib/cart/subscription-goods"
import type { ProductSubscriptionView } from "../../../../types/paylink"

type Metadata = Record<string, unknown> | null | undefined

export async function refetchProductSubscription(
  container: MedusaContainer,
  productId: string
): Promise<ProductSubscriptionView> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph(
    {
      entity: "product",
      fields: [
        "id",
        "title",
        "metadata",
        "variants.id",
        "variants.title",
        "variants.metadata",
        "variants.variant_rank",
        "variants.created_at",
      ],
      filters: { id: productId },
    },
    { throwIfKeyNotFound: true }
  )
  const product = data[0] as {
    id: string
    title: string
    metadata?: Metadata
    variants?:
      | ({
          id: string
          title: string
          metadata?: Metadata
          variant_rank?: number | null
          created_at?: string | Date
        } | null)[]
      | null
  }
  const whole = isMarkedForSubscription(product.metadata)
  const variants = (product.variants ?? [])
    .filter((v): v is NonNullable<typeof v> => !!v)
    .sort(
      (a, b) =>
        (a.variant_rank ?? 0) - (b.variant_rank ?? 0) ||
        String(a.created_at).localeCompare(String(b.created_at)) ||
        a.id.localeCompare(b.id)
    )
    .map((v) => {
      const own = isMarkedForSubscription(v.metadata)
      return {
        id: v.id,
        title: v.title,
        subscription: own,
        sold_by_subscription: whole || own,
      }
    })
  return { id: product.id, title: product.title, subscription: whole, variants }
}
