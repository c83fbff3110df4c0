/**
 * Marks which of a product's goods are sold by subscription, through Medusa's own product workflows
 * (which merge the mark into the metadata and emit product.updated).
 */
import {
  createStep,
  createWorkflow,
  StepResponse,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import {
  updateProductsWorkflow,
  updateProductVariantsWorkflow,
  useQueryGraphStep,
} from "@medusajs/medusa/core-flows"
import { SUBSCRIPTION_MARK } from "../../../lib/cart/subscription-goods"

export type SetProductSubscriptionInput = {
  product_id: string
  /** All its variants. */
  subscription?: boolean
  variants?: { id: string; subscription: boolean }[]
}

/** `true` sets the mark; "" makes Medusa's metadata merge remove it (default: not sold so). */
const markOf = (on: boolean) => ({ [SUBSCRIPTION_MARK]: on ? true : "" })

/** Refuses, before anything is written, a variant of another product or one named twice. */
const validateVariantMarksStep = createStep(
  "validate-paylink-variant-marks",
  async ({
    product,
    variants,
  }: {
    product: { id: string; variants?: ({ id: string } | null)[] | null }
    variants?: { id: string }[]
  }) => {
    const own = new Set((product.variants ?? []).map((v) => v?.id))
    const seen = new Set<string>()
    for (const { id } of variants ?? []) {
      if (!own.has(id)) {
        throw new MedusaError(
          MedusaError.Types.INVALID_DATA,
          `variants: ${id.slice(0, 100)} is not a variant of product ${product.id}.`
        )
      }
      if (seen.has(id)) {
        throw new MedusaError(
          MedusaError.Types.INVALID_DATA,
          `variants: ${id} is named twice.`
        )
      }
      seen.add(id)
    }
    return new StepResponse(undefined)
  }
)

export const setProductSubscriptionWorkflow = createWorkflow(
  "set-paylink-product-subscription",
  (input: SetProductSubscriptionInput) => {
    const { data: product } = useQueryGraphStep({
      entity: "product",
      fields: ["id", "variants.id"],
      filters: { id: input.product_id },
      options: { isList: false, throwIfKeyNotFound: true },
    })
    validateVariantMarksStep({
      product: product as any,
      variants: input.variants,
    })

    when(
      "paylink-mark-product",
      { input },
      ({ input }) => typeof input.subscription === "boolean"
    ).then(() =>
      updateProductsWorkflow.runAsStep({
        input: transform({ input }, ({ input }) => ({
          products: [
            { id: input.product_id, metadata: markOf(!!input.subscription) },
          ],
        })),
      })
    )
    when(
      "paylink-mark-variants",
      { input },
      ({ input }) => !!input.variants?.length
    ).then(() =>
      updateProductVariantsWorkflow.runAsStep({
        input: transform({ input }, ({ input }) => ({
          product_variants: input.variants!.map((v) => ({
            id: v.id,
            metadata: markOf(v.subscription),
          })),
        })),
      })
    )
    return new WorkflowResponse(undefined)
  }
)
