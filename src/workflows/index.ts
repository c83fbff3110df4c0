/** Workflows a merchant's own code may compose (`medusa-plugin-paylink/workflows`). */
export { createPaymentLinkWorkflow, type CreatePaymentLinkInput } from "./create-payment-link"
export { completePaylinkReturnWorkflow, type PaylinkReturnResult } from "./complete-paylink-return"
export { cancelPaylinkReturnWorkflow } from "./cancel-paylink-return"
export { confirmPaylinkPaymentWorkflow } from "./confirm-paylink-payment"
export { placePaylinkOrderWorkflow, markPaylinkRefundedWorkflow, type SettlePaylinkInput } from "./settle-paylink-checkout"
