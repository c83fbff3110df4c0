/**
 * The payment-link service as a library: wire schemas, endpoint table, amounts, limits, issues,
 * errors, and the client (protocol over transport). Nothing here imports Medusa.
 */
export * from "./schemas"
export * from "./endpoints"
export * from "./amounts"
export * from "./limits"
export * from "./issues"
export * from "./errors"
export * from "./client"
