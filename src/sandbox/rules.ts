/**
 * Rules a per-field schema cannot express: amount bounds per currency (docs/service.md §6), gateway
 * B's order adding up to the amount, a discount within its total. Each returns every problem found.
 */
import { decimalToCents, formatCents } from "../lib/paylink/amounts"
import { checkLimits } from "../lib/paylink/limits"
import { gatewayOfEndpoint } from "../lib/paylink/gateways"
import {
  ENDPOINTS,
  type EndpointName,
  type RequestOf,
} from "../lib/paylink/endpoints"
import type { CheckoutEndpointName } from "./types"
import type { FieldError } from "./validation"

/** The currency the endpoint charges in when the request names none (docs/service.md §6). */
export const DEFAULT_CURRENCY = "GTQ"

type CheckoutRequest = RequestOf<CheckoutEndpointName>

export function checkoutRuleErrors(
  name: CheckoutEndpointName,
  request: CheckoutRequest
): FieldError[] {
  const errors: FieldError[] = []
  const cents = decimalToCents(request.amount)
  if (cents === null) {
    errors.push({ path: "amount", message: "must have at most 2 decimals" })
  } else {
    const violation = checkLimits(
      gatewayOfEndpoint(name)!,
      ENDPOINTS[name].label,
      request.currency ?? DEFAULT_CURRENCY,
      cents
    )
    if (violation)
      errors.push({
        path: violation.field === "currency_code" ? "currency" : "amount",
        message: violation.message,
      })
  }
  if (name === "gatewayB" && cents !== null)
    errors.push(...orderErrors(request as RequestOf<"gatewayB">, cents))
  return errors
}

function orderErrors(
  request: RequestOf<"gatewayB">,
  amountCents: bigint
): FieldError[] {
  if (!request.order) return []
  const errors: FieldError[] = []
  let sum = 0n
  request.order.forEach((item, i) => {
    const price = decimalToCents(item.price)
    if (price === null)
      errors.push({
        path: `order.${i}.price`,
        message: "must have at most 2 decimals",
      })
    else sum += price * BigInt(item.qty)
  })
  if (errors.length === 0 && sum !== amountCents) {
    errors.push({
      path: "order",
      message: `items add up to ${formatCents(sum)} (qty x price) but amount is ${formatCents(amountCents)}`,
    })
  }
  return errors
}

export function discountRuleErrors(
  request: RequestOf<"discount">
): FieldError[] {
  const discount = decimalToCents(request.discount)
  const total = decimalToCents(request.total)
  if (discount === null || total === null) return []
  if (discount > total) {
    return [
      {
        path: "discount",
        message: `must not exceed total (${formatCents(total)}); got ${formatCents(discount)}`,
      },
    ]
  }
  return []
}

export function isCheckoutEndpoint(
  name: EndpointName
): name is CheckoutEndpointName {
  return gatewayOfEndpoint(name) !== null
}
