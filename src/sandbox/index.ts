/**
 * Public entry of the sandbox (`medusa-plugin-paylink/sandbox`): a strict local emulator of the
 * payment-link service for tests, demos and storefront development.
 */
export { createSandbox } from "./server"
export {
  DEFAULT_BENEFITS,
  DEFAULT_CHECKOUT_TTL_MINUTES,
  DEFAULT_HOST,
  DEFAULT_TOKENS,
} from "./options"
export { FAULT_MODES } from "./types"
export { EXPORT_COLUMNS } from "./export-format"
export { syntheticExport, syntheticRows } from "./export-fixture"
export type {
  BadRowKind,
  SyntheticExportOptions,
  SyntheticRow,
} from "./export-fixture"
export type {
  BenefitsCredentials,
  CheckoutEndpointName,
  ChargeNextPeriodOptions,
  CheckoutState,
  ExportCsvOptions,
  FaultCounts,
  FaultMode,
  PayOptions,
  RandomFaults,
  RecordedRequest,
  SandboxCheckout,
  SandboxDiscount,
  SandboxHandle,
  SandboxOptions,
  SandboxRenewal,
  SandboxTokens,
} from "./types"
export type { EndpointName, PathSegments } from "../lib/paylink/endpoints"
