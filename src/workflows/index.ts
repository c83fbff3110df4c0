/** Workflows a merchant's own code may compose (`medusa-plugin-paylink/workflows`). */
export { createPaymentLinkWorkflow, type CreatePaymentLinkInput, type PaylinkPaymentSession } from "./create-payment-link"
export { handlePaylinkReturnWorkflow, type HandlePaylinkReturnInput } from "./handle-paylink-return"
export { completePaylinkReturnWorkflow, type PaylinkReturnResult } from "./complete-paylink-return"
export { cancelPaylinkReturnWorkflow } from "./cancel-paylink-return"
export { confirmPaylinkPaymentWorkflow } from "./confirm-paylink-payment"
export {
  placePaylinkOrderWorkflow,
  settlePaylinkOrderLinkWorkflow,
  markPaylinkRefundedWorkflow,
  type SettlePaylinkInput,
} from "./paylink/workflows/settle-by-merchant"
export { settlePaylinkCheckoutWorkflow, type SettleInput, type SettleOutcome } from "./paylink/workflows/settle-paylink-checkout"
// Pay by link from the admin
export { createOrderPaymentLinkWorkflow, type CreateOrderPaymentLinkInput } from "./create-order-payment-link"
export { recordOrderLinkPaymentWorkflow, type RecordOrderLinkPaymentInput } from "./record-order-link-payment"
export { sendPaymentLinkWorkflow, type SendPaymentLinkInput } from "./send-payment-link"
// Loyalty benefits
export { applyBenefitWorkflow, type ApplyBenefitInput } from "./benefits/apply-benefit"
export { removeBenefitWorkflow } from "./benefits/remove-benefit"
export { reconcileCartBenefitWorkflow, type ReconcileCartBenefitInput } from "./benefits/reconcile-cart-benefit"
export { redeemOrderBenefitWorkflow } from "./benefits/redeem-order-benefit"
export { createBenefitRuleWorkflow, updateBenefitRuleWorkflow, deleteBenefitRuleWorkflow } from "./benefits/benefit-rules"
export { saveBenefitsSettingsWorkflow } from "./benefits/save-benefits-settings"
export { testBenefitsConnectionWorkflow } from "./benefits/test-benefits-connection"
export { benefitCompletionProblem } from "./benefits/cart-benefit-state"
