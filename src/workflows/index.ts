/**
 * Workflows a merchant's own code may compose (`medusa-plugin-paylink/workflows`), by area as
 * the folders are: ./paylink (links, returns, settlement) and ./benefits (loyalty cards).
 */
export * from "./paylink"
export * from "./benefits"
/** For a store with its own handler on completeCartWorkflow's validate hook. */
export { benefitCompletionProblem } from "../lib/benefits/cart-benefit-state"
