import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"
import type { ReturnLinkProblem } from "../../../lib/return/return-link"
import {
  fillStorefrontUrl,
  needsCustomerPlace,
} from "../../../lib/return/storefront-url"
import {
  countryCodeOf,
  CUSTOMER_PLACE_FIELDS,
  localeOf,
  type CustomerPlace,
} from "../../../lib/cart/customer-place"

/** A storefront address (reached through the landing page), or one of the plugin's own pages. */
export type ReturnAnswer =
  | { kind: "redirect"; location: string }
  | {
      kind: "page"
      status: number
      page:
        | "placed"
        | "canceled"
        | "received"
        | "order_paid"
        | "order_link_canceled"
        | ReturnLinkProblem
      number: number | null
    }

type Input = {
  problem: ReturnLinkProblem | null
  /** The return request's language (Accept-Language), for {locale} when the cart has none. */
  lang: string
  canceled?: {
    cart_id: string | null
    number: number
    redirect: string | null
    origin?: string
    /** The cart's order, when it was placed before this cancel arrived. */
    order_id?: string | null
    order_redirect?: string | null
  } | null
  completed?: {
    order_id: string | null
    cart_id: string | null
    number: number
    redirect: string | null
    origin?: string
  } | null
}

const PROBLEM_STATUS: Record<ReturnLinkProblem, number> = {
  malformed: 400,
  bad_signature: 403,
  expired: 410,
}

type Ids = { order_id?: string | null; cart_id: string | null; number: number }

/** Only read when the template uses them. */
async function placeOf(
  container: MedusaContainer,
  ids: Ids
): Promise<CustomerPlace> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const [entity, id] = ids.order_id
    ? (["order", ids.order_id] as const)
    : (["cart", ids.cart_id] as const)
  if (!id) return null
  const { data } = await query.graph({
    entity,
    fields: CUSTOMER_PLACE_FIELDS,
    filters: { id },
  })
  return (data[0] as CustomerPlace) ?? null
}

/** Null when the template needs a country and none can be known: then the plugin's own page, never "//order/...". */
async function storefrontAddress(
  container: MedusaContainer,
  template: string,
  ids: Ids,
  lang: string
): Promise<string | null> {
  if (!needsCustomerPlace(template)) {
    return fillStorefrontUrl(template, ids)
  }
  const place = await placeOf(container, ids)
  const country_code = countryCodeOf(place)
  if (!country_code && template.includes("{country_code}")) {
    return null
  }
  return fillStorefrontUrl(template, {
    ...ids,
    country_code,
    locale: localeOf(place, lang),
  })
}

/** The outcome of a return as the customer sees it (docs/architecture.md#what-a-return-proves). */
export const chooseReturnAnswerStep = createStep(
  "choose-paylink-return-answer",
  async (input: Input, { container }) => {
    const options = container
      .resolve<PaylinkModuleService>(PAYLINK_MODULE)
      .getPluginOptions()
    const redirectOr = async (
      template: string | null | undefined,
      ids: Ids,
      fallback: ReturnAnswer
    ): Promise<ReturnAnswer> => {
      const location = template
        ? await storefrontAddress(container, template, ids, input.lang)
        : null
      return location ? { kind: "redirect", location } : fallback
    }
    const answer = await (async (): Promise<ReturnAnswer> => {
      if (input.problem) {
        return {
          kind: "page",
          status: PROBLEM_STATUS[input.problem],
          page: input.problem,
          number: null,
        }
      }
      if (input.canceled) {
        const { cart_id, number, redirect, origin, order_id, order_redirect } =
          input.canceled
        if (origin && origin !== "storefront") {
          return {
            kind: "page",
            status: 200,
            page: "order_link_canceled",
            number,
          }
        }
        if (order_id) {
          return redirectOr(
            order_redirect ?? options.orderConfirmedUrl,
            { order_id, cart_id, number },
            { kind: "page", status: 200, page: "placed", number }
          )
        }
        const canceled: ReturnAnswer = {
          kind: "page",
          status: 200,
          page: "canceled",
          number,
        }
        return cart_id
          ? redirectOr(
              redirect ?? options.paymentStepUrl,
              { cart_id, number },
              canceled
            )
          : canceled
      }
      const { order_id, cart_id, number, redirect, origin } = input.completed!
      if (!order_id) {
        return { kind: "page", status: 200, page: "received", number }
      }
      if (origin && origin !== "storefront") {
        return { kind: "page", status: 200, page: "order_paid", number }
      }
      return redirectOr(
        redirect ?? options.orderConfirmedUrl,
        { order_id, cart_id, number },
        { kind: "page", status: 200, page: "placed", number }
      )
    })()
    return new StepResponse(answer)
  }
)
