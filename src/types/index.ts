export * from "./paylink"
export * from "./benefits"
