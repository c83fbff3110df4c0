import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import {
  completionProblems,
  describeProblems,
  type CartForCompletion,
} from "../../../lib/cart/cart-completion"
import {
  benefitCompletionProblem,
  type CartTotals,
} from "../../../lib/benefits/cart-benefit-state"
import { gatewayOfProvider } from "../../../lib/paylink/gateways"
import {
  isSubscriptionProvider,
  itemsNotSoldBySubscription,
  notSoldBySubscriptionMessage,
} from "../../../lib/cart/subscription-goods"
import { echo } from "../../../lib/common/echo"
import { codedError } from "../../../lib/common/store-errors"
import { checkedTaxId } from "../../../lib/cart/tax-id"

type Input = {
  /** As the workflow read it: its total and promotion codes feed the benefit check. */
  cart: CartForCompletion & Partial<Pick<CartTotals, "total" | "promotions">>
  cart_id: string
  provider_id: string
  billing_from_storefront?: boolean
}

/**
 * Refuses, before anything is written or sent, a link for a cart that could not become an order
 * now. One 400 names every missing piece.
 */
export const validateCartForPaymentLinkStep = createStep(
  "validate-cart-for-payment-link",
  async (
    { cart, cart_id, provider_id, billing_from_storefront }: Input,
    { container }
  ) => {
    if (!gatewayOfProvider(provider_id)) {
      throw codedError(
        MedusaError.Types.INVALID_DATA,
        "paylink.provider_unavailable",
        `provider_id: ${echo(provider_id)} is not a payment-link provider (expected one of a gateway's, such as pp_paylink-gateway-a_default).`
      )
    }
    if (isSubscriptionProvider(provider_id)) {
      const notMarked = await itemsNotSoldBySubscription(
        container,
        cart.items ?? []
      )
      if (notMarked.length) {
        throw codedError(
          MedusaError.Types.INVALID_DATA,
          "paylink.subscription_only",
          notSoldBySubscriptionMessage(provider_id, notMarked),
          {
            products: notMarked.join(", "),
          }
        )
      }
    }
    const optionIds = (cart.shipping_methods ?? [])
      .map((m) => m?.shipping_option_id)
      .filter((id): id is string => !!id)
    const profileOfOption = new Map<string, string | null>()
    if (optionIds.length) {
      const query = container.resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({
        entity: "shipping_option",
        fields: ["id", "shipping_profile_id"],
        filters: { id: optionIds },
      })
      for (const option of data) {
        profileOfOption.set(option.id, option.shipping_profile_id ?? null)
      }
    }
    const problems = completionProblems(
      cart,
      provider_id,
      profileOfOption,
      billing_from_storefront
    )
    if (problems.length) {
      // A provider the region does not offer is the customer's choice to change; anything else is the cart's.
      const code = problems.every((p) => p.field === "provider_id")
        ? "paylink.provider_unavailable"
        : "paylink.cart_incomplete"
      throw codedError(
        MedusaError.Types.INVALID_DATA,
        code,
        describeProblems(cart_id, problems)
      )
    }
    // The NIT the gateway would receive: a wrong check digit is the customer's to fix, named here.
    checkedTaxId(
      (
        cart as {
          billing_address?: { metadata?: Record<string, unknown> | null } | null
        }
      ).billing_address?.metadata?.tax_id
    )
    const benefit = await benefitCompletionProblem(
      container,
      cart_id,
      cart as CartTotals
    )
    if (benefit) {
      throw codedError(
        MedusaError.Types.NOT_ALLOWED,
        "paylink.cart_changed",
        benefit
      )
    }
    return new StepResponse(undefined)
  }
)
