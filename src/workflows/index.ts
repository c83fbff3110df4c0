/**
 * Workflows a merchant's own code may compose (`medusa-plugin-paylink/workflows`), by area as
 * the folders are: ./paylink (links, returns, settlement, reconciliation), ./benefits (loyalty
 * cards) and ./subscriptions (ending one, a renewal order made again).
 */
export * from "./paylink"
export * from "./benefits"
export * from "./subscriptions"
/** For a store with its own handler on completeCartWorkflow's validate hook. */
export { benefitCompletionProblem } from "../lib/benefits/cart-benefit-state"
