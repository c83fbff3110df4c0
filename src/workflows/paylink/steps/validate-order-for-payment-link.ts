import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  ContainerRegistrationKeys,
  MedusaError,
} from "@medusajs/framework/utils"
import { checkLimits } from "../../../lib/paylink/limits"
import { formatCents } from "../../../lib/common/money"
import {
  originOf,
  outstandingCents,
  type OrderForPayment,
} from "../../../lib/order-links/order-payment-data"
import { gatewayOfProvider } from "../../../types/paylink"
import {
  isSubscriptionProvider,
  itemsNotSoldBySubscription,
  notSoldBySubscriptionReason,
} from "../../../lib/cart/subscription-goods"
import { echo } from "../../../lib/common/echo"
import { PAYLINK_MODULE } from "../../../modules/paylink"
import type PaylinkModuleService from "../../../modules/paylink/services/paylink-module"

type Input = { order: OrderForPayment; provider_id: string }

/** Refuses, before anything is written or sent, an admin link that could not be paid as asked; one 400 names every problem. */
export const validateOrderForPaymentLinkStep = createStep(
  "validate-order-for-payment-link",
  async ({ order, provider_id }: Input, { container }) => {
    const gateway = gatewayOfProvider(provider_id)
    if (!gateway) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `provider_id: ${echo(provider_id)} is not a payment-link provider (expected an id like pp_paylink-gateway-a_default).`
      )
    }
    const kind = originOf(order) === "draft_order" ? "Draft order" : "Order"
    const name = `${kind} ${order.display_id ?? order.id}`
    const problems: string[] = []
    if (order.status === "canceled" || order.status === "archived") {
      problems.push(`it is ${order.status}`)
    }
    const cents = outstandingCents(order)
    if (cents <= 0n) {
      problems.push("it has no outstanding amount")
    }
    if (!order.email?.trim()) {
      problems.push(
        "email: it has no customer e-mail (the gateway's form needs one)"
      )
    }
    if (order.region_id) {
      const query = container.resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({
        entity: "region",
        fields: ["id", "payment_providers.id"],
        filters: { id: order.region_id },
      })
      const enabled = new Set(
        (data[0]?.payment_providers ?? []).map((p: any) => p?.id)
      )
      if (!enabled.has(provider_id)) {
        problems.push(
          `provider_id: ${echo(provider_id)} is not enabled in its region`
        )
      }
    } else {
      problems.push(
        "it has no region, so no payment provider is enabled for it"
      )
    }
    if (cents > 0n) {
      const violation = checkLimits(
        gateway,
        provider_id,
        order.currency_code.toUpperCase(),
        cents
      )
      if (violation) {
        problems.push(`${violation.field}: ${violation.message}`)
      }
    }
    if (isSubscriptionProvider(provider_id)) {
      const notMarked = await itemsNotSoldBySubscription(
        container,
        order.items ?? []
      )
      if (notMarked.length) {
        problems.push(
          `provider_id: ${provider_id} is ${notSoldBySubscriptionReason(notMarked)}`
        )
      }
    }
    // Medusa re-creates an authorized collection for a new link and voids its payments: a card
    // held but not yet captured would be released. Only the system provider's is harmless.
    for (const payment of (order.payment_collections ?? []).flatMap(
      (c) => c?.payments ?? []
    )) {
      if (
        payment &&
        !payment.captured_at &&
        !payment.canceled_at &&
        payment.provider_id !== "pp_system_default"
      ) {
        problems.push(
          `it has a payment authorized with ${payment.provider_id} and not captured: capture or cancel it first`
        )
      }
    }
    const paylink = container.resolve<PaylinkModuleService>(PAYLINK_MODULE)
    const paid = await paylink.listPaylinkCheckouts({
      order_id: order.id,
      status: ["returned", "needs_attention", "completed"],
    })
    for (const record of paid) {
      if (record.status === "returned") {
        problems.push(
          `link ${record.number} was paid and its payment is being recorded on the order`
        )
      } else if (record.status === "needs_attention") {
        problems.push(
          `link ${record.number} was paid and needs your attention: record it (Record payment) or mark it refunded first`
        )
      } else if (record.confirmation === "manual" && !record.confirmed_at) {
        problems.push(
          `link ${record.number} was paid and awaits your confirmation: confirm it first`
        )
      }
    }
    if (problems.length) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `${name} cannot get a payment link: ${problems.join("; ")}.`
      )
    }
    return new StepResponse({
      cents: cents.toString(),
      amount: formatCents(cents),
      gateway,
    })
  }
)
