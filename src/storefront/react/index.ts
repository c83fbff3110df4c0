/**
 * `medusa-plugin-paylink/storefront/react`: the React parts of the storefront entry (React is an
 * optional peer: only this entry needs it). Everything of `medusa-plugin-paylink/storefront` is
 * available from there.
 */
export * from "../index"
export { PaylinkProviderIcon, paylinkPaymentInfoMap, PAYLINK_DEFAULT_PROVIDER_IDS, type PaylinkProviderIconProps } from "./provider-icon"
export {
  LoyaltyCardField,
  loyaltyCardFieldTexts,
  type LoyaltyCardFieldPart,
  type LoyaltyCardFieldProps,
  type LoyaltyCardFieldTexts,
} from "./loyalty-card-field"
