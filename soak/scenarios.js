"use strict"
/**
 * What each soak customer does, drawn from the run's seed: the same seed and index give the same
 * plan, so a failing checkout can be looked at again.
 */
const { loadSandboxSource } = require("../demo/lib/sandbox")

// The sandbox's seeded generator (its faults draw from the same seed, from another start).
const { seededRandom: random } = loadSandboxSource("random")

const PROVIDERS = {
  gatewayA: "pp_paylink-gateway-a_default",
  subscription: "pp_paylink-gateway-a-subscription_monthly",
  gatewayB: "pp_paylink-gateway-b_default",
  gatewayC: "pp_paylink-gateway-c_default",
}
const SINGLE = [PROVIDERS.gatewayA, PROVIDERS.gatewayB, PROVIDERS.gatewayC]

/**
 * The shares: gateways evenly; a loyalty card on 35 % (not on the subscription: the program's rule
 * is for one-off orders in the demo store), tried again once after a failure by half of them; half
 * the links through Medusa's payment-sessions route, half through the plugin's payment-link route;
 * 10 % ask for their first link twice at once (a double click, two tabs); 5 % have their storefront
 * try to complete the cart before paying; pay 60 %, cancel 20 %, walk away 20 %; of those who pay,
 * 15 % return twice at once, 8 % switched gateway first and pay both links, and 5 % add an item
 * after their link was made and then pay the old link, then ask for a new link (which the store
 * must refuse: their paid link awaits the merchant). 15 % of card holders farm the program first:
 * they take their card to 4 other carts, applying and removing it on each (the program may grant
 * at most the per-card limit of unused authorizations).
 */
function scenarioFor(seed, i) {
  const r = random((seed ^ Math.imul(i + 1, 0x9e3779b1)) >>> 0)
  const provider = Object.values(PROVIDERS)[Math.floor(r() * 4)]
  const subscription = provider === PROVIDERS.subscription
  const card =
    !subscription && r() < 0.35
      ? `6011${String(seed % 100000000).padStart(8, "0")}${String(i).padStart(4, "0")}`
      : null
  const route = r() < 0.5 ? "payment-link" : "payment-sessions"
  const roll = r()
  const outcome = roll < 0.6 ? "pay" : roll < 0.8 ? "cancel" : "abandon"
  const others = SINGLE.filter((p) => p !== provider)
  const switchTo =
    outcome === "pay" && !subscription && r() < 0.08
      ? others[Math.floor(r() * others.length)]
      : null
  const doubleReturn = outcome === "pay" && r() < 0.15
  const retryCard = !!card && r() < 0.5
  const doubleClick = r() < 0.1
  const completeFirst = r() < 0.05
  const changeCart =
    outcome === "pay" && !switchTo && !subscription && r() < 0.05
  // Drawn last, so the draws above are those of earlier runs with the same seed.
  const farmCarts = card && r() < 0.15 ? 4 : 0
  return {
    provider,
    subscription,
    card,
    retryCard,
    route,
    doubleClick,
    completeFirst,
    outcome,
    switchTo,
    doubleReturn,
    changeCart,
    farmCarts,
  }
}

module.exports = { PROVIDERS, scenarioFor }
