export * from "./schedule"
export * from "./first-order"
