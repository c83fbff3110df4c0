/**
 * `medusa-plugin-paylink/storefront`: what a storefront needs to sell through the plugin, with no
 * React and nothing Node-only; the React parts are in `./react` (docs/storefront.md).
 */
export {
  isPaylinkProvider,
  paylinkProviderInfo,
  type PaylinkProviderInfo,
} from "./providers"
export { paylinkProviderIconSvg } from "./icons"
export {
  paylinkProvidersForCart,
  paylinkReasonText,
  type PaylinkCartProvider,
  type PaylinkProvidersForCart,
} from "./providers-for-cart"
export {
  createPaymentLink,
  payWithPaylink,
  type PaylinkNavigator,
  type PaymentLinkOptions,
} from "./pay"
export {
  goToPaymentLink,
  leftPaymentLink,
  forgetLeftPaymentLink,
  sameLinkUrl,
  LEFT_URL_MAX_LENGTH,
} from "./left-link"
export { isCartCompleted, forgetCompletedCart } from "./cart"
export {
  normalizeLoyaltyCard,
  loyaltyCardError,
  maskLoyaltyCard,
  listLoyaltyBenefitRules,
  getCartLoyaltyBenefit,
  applyLoyaltyCard,
  removeLoyaltyCard,
  loyaltyBenefitSummary,
  LOYALTY_CARD_MIN_DIGITS,
  LOYALTY_CARD_MAX_DIGITS,
  type StoreBenefitRule,
  type StoreCartBenefit,
  type StoreCartBenefitResponse,
} from "./loyalty"
export {
  normalizeNit,
  isValidNit,
  nitError,
  nitCheckDigit,
  NIT_FINAL_CONSUMER,
  NIT_RULE,
} from "./nit"
export {
  PaylinkInputError,
  paylinkCallHeaders,
  paylinkLang,
  type PaylinkCallOptions,
  type PaylinkLang,
  type PaylinkStoreSdk,
} from "./sdk"
export { paylinkShopperLang, SPANISH_SPEAKING_COUNTRIES } from "./shopper-lang"
export {
  PAYLINK_PROVIDER_PREFIX,
  type CartPaymentLinkReasonCode,
  type PaylinkSessionData,
} from "../types/paylink"
export * from "./error-codes"
