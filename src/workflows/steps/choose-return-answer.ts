import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PAYLINK_MODULE } from "../../modules/paylink"
import type PaylinkModuleService from "../../modules/paylink/service"
import type { ReturnLinkProblem } from "../../lib/return-link"

/** What the customer's browser gets: a storefront address, or one of the plugin's own pages. */
export type ReturnAnswer =
  | { kind: "redirect"; location: string }
  | {
      kind: "page"
      status: number
      page: "placed" | "canceled" | "received" | "order_paid" | "order_link_canceled" | ReturnLinkProblem
      number: number | null
    }

type Input = {
  problem: ReturnLinkProblem | null
  canceled?: {
    cart_id: string | null
    number: number
    redirect: string | null
    origin?: string
    /** The cart's order, when it was placed before this cancel arrived, and the link's order-page address. */
    order_id?: string | null
    order_redirect?: string | null
  } | null
  completed?: { order_id: string | null; cart_id: string | null; number: number; redirect: string | null; origin?: string } | null
}

const PROBLEM_STATUS: Record<ReturnLinkProblem, number> = { malformed: 400, bad_signature: 403, expired: 410 }

/** Fills {order_id}, {cart_id} and {number} in a storefront address template. */
export function fillTemplate(template: string, values: Record<string, string | number | null | undefined>): string {
  return template.replace(/\{(order_id|cart_id|number)\}/g, (_, key: string) => encodeURIComponent(String(values[key] ?? "")))
}

/**
 * The outcome of a return, as the customer sees it: the order page (or a thank-you page), the
 * payment step after a cancel (the order page when the cart already became an order), a "payment
 * received" page when the merchant settles it, or why the link was not accepted.
 */
export const chooseReturnAnswerStep = createStep("choose-paylink-return-answer", async (input: Input, { container }) => {
  const options = container.resolve<PaylinkModuleService>(PAYLINK_MODULE).getPluginOptions()
  const answer = ((): ReturnAnswer => {
    if (input.problem) {
      return { kind: "page", status: PROBLEM_STATUS[input.problem], page: input.problem, number: null }
    }
    if (input.canceled) {
      const { cart_id, number, redirect, origin, order_id, order_redirect } = input.canceled
      if (origin && origin !== "storefront") {
        return { kind: "page", status: 200, page: "order_link_canceled", number }
      }
      if (order_id) {
        const orderPage = order_redirect ?? options.orderConfirmedUrl
        return orderPage
          ? { kind: "redirect", location: fillTemplate(orderPage, { order_id, cart_id, number }) }
          : { kind: "page", status: 200, page: "placed", number }
      }
      const template = redirect ?? options.paymentStepUrl
      return template && cart_id
        ? { kind: "redirect", location: fillTemplate(template, { cart_id, number }) }
        : { kind: "page", status: 200, page: "canceled", number }
    }
    const { order_id, cart_id, number, redirect, origin } = input.completed!
    if (!order_id) {
      return { kind: "page", status: 200, page: "received", number }
    }
    if (origin && origin !== "storefront") {
      return { kind: "page", status: 200, page: "order_paid", number }
    }
    const template = redirect ?? options.orderConfirmedUrl
    return template
      ? { kind: "redirect", location: fillTemplate(template, { order_id, cart_id, number }) }
      : { kind: "page", status: 200, page: "placed", number }
  })()
  return new StepResponse(answer)
})
