/**
 * The service's gateway products, one line each, from which everything gateway-specific that is data
 * derives (docs/architecture.md#the-gateway-table). No imports: the admin and the storefront read it.
 */

/** In integer cents. */
export type GatewayBounds = {
  readonly minCents: number
  readonly maxCents: number
}

export type GatewayDefinition = {
  /** The record's `gateway`, the admin's key and the settings row's key. */
  readonly id: string
  /** Medusa's provider identifier: provider ids read `pp_<identifier>_<registration id>`. */
  readonly identifier: string
  /** What messages call it, mid-sentence ("gateway A is disabled in the admin…"). */
  readonly label: string
  /** The gateway's letter: its icon, its titles in the storefront and the admin, its sandbox token. */
  readonly letter: string
  /** A recurring (subscription) link rather than a single payment. */
  readonly recurring: boolean
  /**
   * The service takes a cancel address (`redirection.cancelUrl`): a customer who cancels on the
   * hosted page comes back through the plugin's return route and the record becomes `canceled`.
   * Without one, a customer who gives up comes back through the storefront and the record stays
   * `created` (docs/architecture.md#one-live-link-per-cart).
   */
  readonly cancelAddress: boolean
  /**
   * The path segment it lives under (`PathSegments` key). Products of one gateway share it, and
   * with it the gateway's address, X-Token and sandbox token.
   */
  readonly pathKey: string
  /** That segment's value when no option sets it. */
  readonly defaultSegment: string
  /** The endpoint that creates its checkouts (`ENDPOINTS` key; its schemas are in schemas.ts). */
  readonly endpoint: string
  /** The endpoint's path: `/pay/v2/<segment>/checkouts/hosted/<hosted>`. */
  readonly hosted: string
  /** Currencies it charges in (upper-case), the first one its default. */
  readonly currencies: readonly string[]
  /** Bounds per currency; a currency without an entry has none stated. */
  readonly bounds: { readonly [currency: string]: GatewayBounds }
}

const GATEWAY_A_BOUNDS = {
  GTQ: { minCents: 500, maxCents: 2_500_000 },
  USD: { minCents: 500, maxCents: 1_500_000 },
}

/** One line per gateway product. A new one: a line here, its schemas, and its provider folder. */
export const GATEWAY_DEFINITIONS = [
  {
    id: "gateway_a",
    identifier: "paylink-gateway-a",
    label: "gateway A",
    letter: "A",
    recurring: false,
    cancelAddress: true,
    pathKey: "gatewayA",
    defaultSegment: "gateway_a",
    endpoint: "gatewayASingle",
    hosted: "single",
    currencies: ["GTQ", "USD"],
    bounds: GATEWAY_A_BOUNDS,
  },
  {
    id: "gateway_a_subscription",
    identifier: "paylink-gateway-a-subscription",
    label: "gateway A (subscription)",
    letter: "A",
    recurring: true,
    cancelAddress: true,
    pathKey: "gatewayA",
    defaultSegment: "gateway_a",
    endpoint: "gatewayASubscription",
    hosted: "subscription",
    currencies: ["GTQ", "USD"],
    bounds: GATEWAY_A_BOUNDS,
  },
  {
    id: "gateway_b",
    identifier: "paylink-gateway-b",
    label: "gateway B",
    letter: "B",
    recurring: false,
    cancelAddress: false,
    pathKey: "gatewayB",
    defaultSegment: "gateway_b",
    endpoint: "gatewayB",
    hosted: "single",
    currencies: ["GTQ"],
    bounds: {},
  },
  {
    id: "gateway_c",
    identifier: "paylink-gateway-c",
    label: "gateway C",
    letter: "C",
    recurring: false,
    cancelAddress: false,
    pathKey: "gatewayC",
    defaultSegment: "gateway_c",
    endpoint: "gatewayC",
    hosted: "single",
    currencies: ["GTQ"],
    bounds: {},
  },
] as const satisfies readonly GatewayDefinition[]

type Definitions = (typeof GATEWAY_DEFINITIONS)[number]

export type Gateway = Definitions["id"]
/** The gateways' path-segment keys (the benefits program has its own, in endpoints.ts). */
export type GatewayPathKey = Definitions["pathKey"]
/** The endpoints that create a checkout, one per gateway product. */
export type CheckoutEndpointName = Definitions["endpoint"]
export type GatewayDefinitionOf<G extends Gateway> = Extract<
  Definitions,
  { id: G }
>

export const GATEWAYS = GATEWAY_DEFINITIONS.map(
  (d) => d.id
) as unknown as readonly [Gateway, ...Gateway[]]

const BY_ID = new Map<string, Definitions>(
  GATEWAY_DEFINITIONS.map((d) => [d.id, d])
)

export function isGateway(value: unknown): value is Gateway {
  return typeof value === "string" && BY_ID.has(value)
}

export function gatewayDefinition<G extends Gateway>(
  gateway: G
): GatewayDefinitionOf<G> {
  return BY_ID.get(gateway) as GatewayDefinitionOf<G>
}

/** `{ [gateway]: f(its line) }` over the table. */
export function byGateway<V>(
  f: (d: GatewayDefinition & Definitions) => V
): Record<Gateway, V> {
  return Object.fromEntries(
    GATEWAY_DEFINITIONS.map((d) => [d.id, f(d)])
  ) as Record<Gateway, V>
}

/** Whether the gateway of a record (its `gateway`) sends a customer who cancels back through the return route. */
export function hasCancelAddress(gateway: string): boolean {
  return BY_ID.get(gateway)?.cancelAddress ?? false
}

export const PATH_KEY_OF: Record<Gateway, GatewayPathKey> = byGateway(
  (d) => d.pathKey
)

export const ENDPOINT_OF: {
  readonly [G in Gateway]: GatewayDefinitionOf<G>["endpoint"]
} = byGateway((d) => d.endpoint) as never

/** The gateway product behind a checkout endpoint, or null for the benefits program's. */
export function gatewayOfEndpoint(endpoint: string): Gateway | null {
  return GATEWAY_DEFINITIONS.find((d) => d.endpoint === endpoint)?.id ?? null
}

/** The gateways' path-segment keys, each once, in the table's order. */
export const GATEWAY_PATHS: readonly {
  key: GatewayPathKey
  defaultSegment: string
  letter: string
}[] = [
  ...new Map(
    GATEWAY_DEFINITIONS.map((d) => [
      d.pathKey,
      { key: d.pathKey, defaultSegment: d.defaultSegment, letter: d.letter },
    ])
  ).values(),
]

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** `pp_<identifier>_<registration id>` of any gateway; the registration id does not start with "_". */
const PROVIDER_ID = new RegExp(
  `^pp_(${GATEWAY_DEFINITIONS.map((d) => escapeRegExp(d.identifier)).join("|")})_[^_]`
)

/** `pp_paylink-gateway-a_default` → gateway_a; null for any other provider. */
export function gatewayOfProvider(providerId: string): Gateway | null {
  const m = PROVIDER_ID.exec(providerId)
  return m
    ? (GATEWAY_DEFINITIONS.find((d) => d.identifier === m[1])?.id ?? null)
    : null
}
