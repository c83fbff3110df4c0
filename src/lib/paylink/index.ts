/** The payment-link service as a library: wire schemas, endpoint table, limits, errors, client. */
export * from "./schemas"
export * from "./endpoints"
export * from "./limits"
export * from "./errors"
export * from "./client"
