/** Subscriptions run from gateway A's recurring link: ending one, and making a renewal order again. */
export { endSubscriptionWorkflow } from "./workflows/end-subscription"
export type { EndSubscriptionInput } from "./steps/end-subscription"
export { remakeRenewalOrderWorkflow } from "./workflows/remake-renewal-order"
export type { RemakeRenewalOrderInput } from "./steps/remake-renewal-order"
export {
  makeRenewalOrder,
  RENEWAL_ORDER_KEYS,
} from "./steps/make-renewal-order"
