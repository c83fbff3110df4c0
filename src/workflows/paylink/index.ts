/** A paid link's settlement, and the merchant's actions that run it. */
export { settlePaylinkCheckoutWorkflow, type SettleInput, type SettleOutcome } from "./workflows/settle-paylink-checkout"
export { placePaylinkOrderWorkflow, settlePaylinkOrderLinkWorkflow, markPaylinkRefundedWorkflow, type SettlePaylinkInput } from "./workflows/settle-by-merchant"
