import type { Gateway } from "../../types"

/** What the merchant reads for each of the service's gateways (lists, filters, prompts). */
export const GATEWAY_LABELS: Record<Gateway, string> = {
  gateway_a: "Gateway A",
  gateway_a_subscription: "Gateway A (subscription)",
  gateway_b: "Gateway B",
  gateway_c: "Gateway C",
}
