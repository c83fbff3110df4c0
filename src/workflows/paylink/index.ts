/** The payment-link workflows: a link for a cart or an order, the return, and the settlement of a paid link. */
export {
  createPaymentLinkWorkflow,
  type CreatePaymentLinkInput,
  type PaylinkPaymentSession,
} from "./workflows/create-payment-link"
export {
  handlePaylinkReturnWorkflow,
  type HandlePaylinkReturnInput,
} from "./workflows/handle-paylink-return"
export {
  completePaylinkReturnWorkflow,
  type PaylinkReturnResult,
} from "./workflows/complete-paylink-return"
export { cancelPaylinkReturnWorkflow } from "./workflows/cancel-paylink-return"
export { confirmPaylinkPaymentWorkflow } from "./workflows/confirm-paylink-payment"
export {
  settlePaylinkCheckoutWorkflow,
  type SettleInput,
  type SettleOutcome,
} from "./workflows/settle-paylink-checkout"
export {
  placePaylinkOrderWorkflow,
  settlePaylinkOrderLinkWorkflow,
  markPaylinkRefundedWorkflow,
  type SettlePaylinkInput,
} from "./workflows/settle-by-merchant"
// Pay by link from the admin
export {
  createOrderPaymentLinkWorkflow,
  type CreateOrderPaymentLinkInput,
} from "./workflows/create-order-payment-link"
export {
  recordOrderLinkPaymentWorkflow,
  type RecordOrderLinkPaymentInput,
} from "./workflows/record-order-link-payment"
export {
  sendPaymentLinkWorkflow,
  type SendPaymentLinkInput,
} from "./workflows/send-payment-link"
// Reconciliation against a gateway's export
export {
  createReconciliationWorkflow,
  RECONCILIATION_CREATED,
  type CreateReconciliationInput,
} from "./workflows/create-reconciliation"
export { readReconciliationWorkflow } from "./workflows/read-reconciliation"
export {
  applyReconciliationWorkflow,
  type ApplyReconciliationInput,
} from "./workflows/apply-reconciliation"
