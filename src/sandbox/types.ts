/**
 * Public types of the sandbox. Kept apart from the implementation so that `index.ts` can
 * re-export them without pulling express into a consumer's type graph.
 */
import type {
  EndpointName,
  PathSegments,
  RequestOf,
  ResponseOf,
} from "../lib/paylink/endpoints"
import type {
  CheckoutEndpointName,
  GatewayPathKey,
} from "../lib/paylink/gateways"

export type { CheckoutEndpointName } from "../lib/paylink/gateways"

/**
 * How an injected fault answers: a 500, a 401, no answer at all, a truncated 201 body, or the
 * real answer sent too late.
 */
export const FAULT_MODES = ["500", "401", "hang", "malformed", "late"] as const

export type FaultMode = (typeof FAULT_MODES)[number]

/**
 * A share of calls that fail at random (a soak test's weather), on top of the faults queued with
 * failNext, which are used first.
 */
export type RandomFaults = {
  /** Probability, from 0 to 1, that a call fails. */
  share: number
  /** The modes a failing call picks from, evenly. */
  modes: FaultMode[]
  /** Only calls to these endpoints; null or absent: every endpoint. */
  endpoints?: EndpointName[] | null
  /** Same seed, same sequence of draws (default 1). */
  seed?: number
}

/** Faults injected so far, per endpoint and mode. */
export type FaultCounts = Partial<
  Record<EndpointName, Partial<Record<FaultMode, number>>>
>

/**
 * One discount the benefits program granted (endpoint 5 answered with codes, docs/service.md §4.5),
 * also when the answer was held back past the caller's deadline by a "late" fault: the program
 * authorized it all the same, which is what a caller must be able to account for.
 */
export type SandboxDiscount = {
  readonly authorization: string
  readonly confirmation: string
  /** Last four digits of the loyalty card (the sandbox keeps no full card number). */
  readonly cardLast4: string
  readonly discount: string
  readonly total: string
  readonly at: string
  /** The answer was sent after LATE_ANSWER_MS ("late" fault). */
  readonly answeredLate: boolean
}

/** The X-Token of each gateway (by its path key: a gateway's products share one). */
export type SandboxTokens = Record<GatewayPathKey, string>

export type BenefitsCredentials = {
  user: string
  password: string
  branch: number
}

export type SandboxOptions = {
  /** 0 (the default) picks a free port. */
  port?: number
  host?: string
  /** Base of the hosted-page addresses; defaults to the address the sandbox listens on. */
  publicUrl?: string
  paths?: Partial<PathSegments>
  /** The `X-Token` each gateway accepts. */
  tokens?: Partial<SandboxTokens>
  /** The credentials the benefits setup call accepts. */
  benefits?: Partial<BenefitsCredentials>
  /** Lifetime of a created checkout; gateway B and C report it as `metadata.expiration`. */
  checkoutTtlMinutes?: number
  /**
   * The sandbox's clock (creation, expiry, payment times). Tests move it to spread checkouts over
   * days for the transactions export; the default is the real time.
   */
  now?: () => Date
  /**
   * Keep checkouts (with their payments), discounts and benefits tokens in this JSON file: read at
   * start, written after every change (a temporary file, then renamed), so a restarted sandbox still
   * pays, lists and exports the links it created. Off by default: each test starts empty. The
   * request log and faults are not kept.
   */
  stateFile?: string
}

/** One call to the service's API (hosted pages and the control API are not recorded). */
export type RecordedRequest = {
  readonly method: string
  /** Path without the query string. */
  readonly path: string
  /** The endpoint the path and method resolved to; null for unknown routes. */
  readonly endpoint: EndpointName | null
  /** Lower-cased header names, as Node receives them (so `x-token`). */
  readonly headers: Readonly<Record<string, string>>
  /** Parsed JSON when the body is JSON, the raw text when it is not, undefined when empty. */
  readonly body: unknown
  /** Status answered; null while unanswered (in flight, or held by a "hang" fault). */
  readonly status: number | null
  /** Arrival time, ISO 8601 UTC. */
  readonly at: string
}

export type CheckoutState = "open" | "paid" | "canceled"

type CheckoutOf<N extends CheckoutEndpointName> = {
  readonly endpoint: N
  /** The request as validated (strings trimmed by the schema). */
  readonly request: RequestOf<N>
  /** The body answered at creation. */
  readonly response: ResponseOf<N>
}

export type SandboxCheckout = {
  [N in CheckoutEndpointName]: CheckoutOf<N>
}[CheckoutEndpointName] & {
  readonly id: string
  readonly url: string
  /** Exact two-decimal text of the amount, e.g. "125.50". */
  readonly amount: string
  /** The currency charged, with the endpoint's default applied. */
  readonly currency: string
  readonly createdAt: string
  readonly expiresAt: string
  readonly state: CheckoutState
  /** When the customer paid or canceled (hosted page, or payWithoutReturn). */
  readonly settledAt: string | null
  /**
   * What the gateway charged, once paid: the checkout's own amount and currency unless a test asked
   * for another (payWithoutReturn's override, to produce a mismatch in the export).
   */
  readonly paidAmount: string | null
  readonly paidCurrency: string | null
  /** Last four digits of the card that paid (the sandbox never sees a full number). */
  readonly cardLast4: string | null
  /** The 6-digit authorization code of the payment, derived from the checkout id (stable across runs). */
  readonly authorization: string | null
  /**
   * A paid subscription's later charges, oldest first (chargeNextPeriod): the real gateway bills the
   * link again every period and tells nobody; only its transactions export lists them.
   */
  readonly renewals: readonly SandboxRenewal[]
  /** The creation's answer was sent after LATE_ANSWER_MS ("late" fault): the caller may not know this checkout. */
  readonly answeredLate: boolean
}

/** One later charge of a paid subscription, as the gateway records it. */
export type SandboxRenewal = {
  /** When it was charged, ISO 8601 UTC. */
  readonly at: string
  /** Exact two-decimal text of what was charged: the link's amount unless a test asked for another. */
  readonly amount: string
  /** The link's currency (a renewal charges the link, not a first payment's override). */
  readonly currency: string
  /** The card of the first payment: the gateway keeps charging it. */
  readonly cardLast4: string | null
  /** The charge's own 6-digit authorization code, derived from the checkout id and the renewal's place. */
  readonly authorization: string
}

/** How the next period is charged. Both are test aids: the real gateway charges the link's amount, one period on. */
export type ChargeNextPeriodOptions = {
  /**
   * When it is charged (an ISO 8601 date, or a Date), after the previous charge. Default: one period
   * after it, or the sandbox's now when that date is still to come (the minute after the previous
   * charge's at the earliest).
   */
  at?: string | Date
  /** Charge this amount instead of the link's: a number or decimal text with at most two decimals, above 0. */
  amount?: number | string
}

/** How a checkout is paid. The overrides are test aids: the real gateway charges the link's amount. */
export type PayOptions = {
  /** Charge this amount (at most two decimals) instead of the checkout's: "the gateway charged a different amount". */
  amount?: number
  /** Charge in this currency instead of the checkout's. */
  currency?: string
  /** The paying card's last four digits (default "4242", the classic test card). */
  cardLast4?: string
}

/** The transactions export's filters and encoding (the query's desde, hasta and formato). */
export type ExportCsvOptions = {
  /** First day, dd/mm/yyyy in Guatemala time (UTC−6), inclusive. */
  from?: string
  /** Last day, dd/mm/yyyy in Guatemala time, inclusive. */
  to?: string
  /** "latin1": windows-1252 bytes, as older dashboards write; default UTF-8 with a byte-order mark. */
  encoding?: "utf-8" | "latin1"
}

export type SandboxHandle = {
  /** Base address of the API (the service's {base_url}). */
  readonly url: string
  readonly port: number
  readonly host: string
  /** Base of the hosted-page addresses. */
  readonly publicUrl: string
  /** The `stateFile` option as an absolute path, or null when nothing is kept on disk. */
  readonly stateFile: string | null
  readonly paths: Readonly<PathSegments>
  readonly tokens: Readonly<SandboxTokens>
  readonly benefits: Readonly<BenefitsCredentials>
  /** Live, read-only view of every API call received, in arrival order. */
  readonly requests: readonly RecordedRequest[]
  /** Live, read-only view of the checkouts created, by id. */
  readonly checkouts: ReadonlyMap<string, SandboxCheckout>
  /** Live, read-only view of the discounts the benefits program granted, in order. */
  readonly discounts: readonly SandboxDiscount[]
  /** Full address of one endpoint. */
  endpointUrl(name: EndpointName): string
  clearRequests(): void
  /** The next `count` calls (to `endpoint`, or to any endpoint) fail in `mode`. */
  failNext(count: number, mode: FaultMode, endpoint?: EndpointName): void
  /** A share of calls fails at random from now on (null stops it); queued faults come first. */
  setRandomFaults(policy: RandomFaults | null): void
  /** Faults injected so far (queued and random), per endpoint and mode. */
  faultsInjected(): FaultCounts
  /** Forgets requests, pending and random faults and their counts, checkouts, discounts and issued benefits tokens. */
  reset(): void
  /** TCP connections accepted since the sandbox started (not cleared by reset): shows whether clients keep connections alive. */
  connectionsAccepted(): number
  /** Every benefits token issued so far stops working. */
  revokeBenefitTokens(): void
  /**
   * Marks an open checkout paid without sending any browser anywhere: a customer who paid and closed
   * the tab, so the store never sees the return. Throws when the checkout is unknown, settled or expired.
   */
  payWithoutReturn(id: string, options?: PayOptions): SandboxCheckout
  /**
   * Charges a paid subscription checkout again, one period (its `count` × `interval`) after its
   * previous charge (or now, when that date is still to come on the sandbox's clock), as the real
   * gateway does without telling anyone: a row of its own in the export. Throws when the checkout is unknown or not a paid subscription, or an option is wrong.
   * Answers the checkout, its new renewal last.
   */
  chargeNextPeriod(
    id: string,
    options?: ChargeNextPeriodOptions
  ): SandboxCheckout
  /** One gateway's transactions export, as GET /dashboard/<pathKey>/transacciones.csv answers it. */
  exportCsv(pathKey: GatewayPathKey, options?: ExportCsvOptions): Buffer
  /** Stops listening and destroys open sockets, including calls held by a "hang" fault. */
  close(): Promise<void>
}
