/**
 * Workflows a merchant's own code may compose (`medusa-plugin-paylink/workflows`), by area as
 * the folders are: ./paylink (links, returns, settlement) and ./benefits (loyalty cards).
 */
export * from "./paylink"
export * from "./benefits"
/** Why a cart's benefit stops its completion (null when nothing does); Medusa's completion hook uses it. */
export { benefitCompletionProblem } from "../lib/benefits/cart-benefit-state"
