/** The loyalty-benefit workflows: a card's discount on a cart, its redemption on the order, the program's rules and settings. */
export {
  applyBenefitWorkflow,
  type ApplyBenefitInput,
} from "./workflows/apply-benefit"
export { removeBenefitWorkflow } from "./workflows/remove-benefit"
export {
  recheckCartBenefitWorkflow,
  type RecheckCartBenefitInput,
} from "./workflows/recheck-cart-benefit"
export { redeemOrderBenefitWorkflow } from "./workflows/redeem-order-benefit"
export {
  createBenefitRuleWorkflow,
  updateBenefitRuleWorkflow,
  deleteBenefitRuleWorkflow,
} from "./workflows/benefit-rules"
export { saveBenefitsSettingsWorkflow } from "./workflows/save-benefits-settings"
export { testBenefitsConnectionWorkflow } from "./workflows/test-benefits-connection"
export { explainApplyFailure } from "./steps/add-benefit-promotion-to-cart"
