export * from "./paylink"
export * from "./benefits"
export * from "./reconciliation"
export * from "./subscriptions"
