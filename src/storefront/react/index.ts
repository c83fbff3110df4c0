/** `medusa-plugin-paylink/storefront/react`: the React parts, plus everything of the plain entry. */
export * from "../index"
export {
  PaylinkProviderIcon,
  paylinkPaymentInfoMap,
  PAYLINK_DEFAULT_PROVIDER_IDS,
  type PaylinkProviderIconProps,
} from "./provider-icon"
export {
  LoyaltyCardField,
  loyaltyCardFieldTexts,
  type LoyaltyCardFieldPart,
  type LoyaltyCardFieldProps,
  type LoyaltyCardFieldTexts,
} from "./loyalty-card-field"
