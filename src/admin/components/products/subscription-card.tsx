import { Container, Heading, Label, Switch, Text, toast } from "@medusajs/ui"
import { usePaylinkTranslation } from "../../lib/labels"
import {
  useProductSubscription,
  useSetProductSubscription,
  type ProductSubscriptionChange,
} from "../../lib/product-subscription"

/** Which of a product's goods the subscription gateway may charge; each switch saves at once. */
export function SubscriptionCard({ productId }: { productId: string }) {
  const { t } = usePaylinkTranslation()
  const { data, error } = useProductSubscription(productId)
  const save = useSetProductSubscription(productId)
  const product = data?.product
  const change = (body: ProductSubscriptionChange) =>
    save.mutate(body, {
      onSuccess: () => toast.success(t("products.subscription.saved")),
      onError: (err) =>
        toast.error(t("products.subscription.failed"), {
          description: err.message,
        }),
    })
  return (
    <Container
      className="divide-y p-0"
      data-testid="paylink-product-subscription"
    >
      <div className="flex flex-col gap-y-1 px-6 py-4">
        <Heading level="h2">{t("products.subscription.heading")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("products.subscription.intro")}
        </Text>
      </div>
      {error && (
        <Text size="small" className="text-ui-fg-error px-6 py-4">
          {error.message}
        </Text>
      )}
      {product && (
        <div className="flex items-center justify-between gap-x-4 px-6 py-4">
          <Label
            htmlFor="paylink-subscription-product"
            size="small"
            weight="plus"
          >
            {t("products.subscription.wholeProduct")}
          </Label>
          <Switch
            id="paylink-subscription-product"
            checked={product.subscription}
            disabled={save.isPending}
            onCheckedChange={(subscription) => change({ subscription })}
          />
        </div>
      )}
      {product && product.variants.length > 0 && (
        <div className="flex flex-col gap-y-3 px-6 py-4">
          <Text size="small" weight="plus" className="text-ui-fg-subtle">
            {t("products.subscription.variants")}
          </Text>
          {product.variants.map((v) => (
            <div
              key={v.id}
              className="flex items-center justify-between gap-x-4"
              data-testid="paylink-subscription-variant"
            >
              <div className="flex min-w-0 flex-col">
                <Label htmlFor={`paylink-subscription-${v.id}`} size="small">
                  {v.title}
                </Label>
                {product.subscription && (
                  <Text size="xsmall" className="text-ui-fg-muted">
                    {t("products.subscription.byProduct")}
                  </Text>
                )}
              </div>
              <Switch
                id={`paylink-subscription-${v.id}`}
                // Marked through the product: shown on, and changed on the product's switch.
                checked={v.sold_by_subscription}
                disabled={product.subscription || save.isPending}
                onCheckedChange={(subscription) =>
                  change({ variants: [{ id: v.id, subscription }] })
                }
              />
            </div>
          ))}
        </div>
      )}
    </Container>
  )
}
