/**
 * Everything the sandbox remembers between calls. The arrays and maps are mutated in place so
 * that the live views handed out by `createSandbox` stay valid across `clearRequests` and `reset`.
 */
import type {
  CheckoutState,
  RecordedRequest,
  SandboxCheckout,
  SandboxDiscount,
  SandboxRenewal,
} from "./types"
import { newBenefitsToken, unique } from "./ids"
import type { SandboxState } from "./state-file"

type Mutable<T> = { -readonly [K in keyof T]: T[K] }

export type MutableRecordedRequest = Mutable<RecordedRequest>

type PaymentFields = Pick<
  SandboxCheckout,
  "paidAmount" | "paidCurrency" | "cardLast4" | "authorization"
>

export class SandboxStore {
  readonly requests: MutableRecordedRequest[] = []
  readonly checkouts = new Map<string, Mutable<SandboxCheckout>>()
  readonly discounts: SandboxDiscount[] = []
  private readonly benefitTokens = new Set<string>()
  /**
   * Called after every change of what a state file keeps (checkouts, discounts, tokens; not the
   * request log): server.ts writes the file there when the `stateFile` option is set.
   */
  onChange: () => void = () => {}

  /** What a state file keeps, as plain data. */
  snapshot(): SandboxState {
    return {
      checkouts: [...this.checkouts.values()],
      discounts: [...this.discounts],
      benefitTokens: [...this.benefitTokens],
    }
  }

  /** Takes back what `snapshot` gave (a state file read at start); no onChange. */
  restore(state: SandboxState): void {
    // A file written before renewals were kept has none.
    for (const c of state.checkouts)
      this.checkouts.set(c.id, { ...c, renewals: c.renewals ?? [] })
    for (const d of state.discounts) this.discounts.push({ ...d })
    for (const t of state.benefitTokens) this.benefitTokens.add(t)
  }

  record(entry: MutableRecordedRequest): void {
    this.requests.push(entry)
  }

  clearRequests(): void {
    this.requests.length = 0
  }

  addCheckout(checkout: SandboxCheckout): void {
    this.checkouts.set(checkout.id, { ...checkout })
    this.onChange()
  }

  addDiscount(discount: SandboxDiscount): void {
    this.discounts.push({ ...discount })
    this.onChange()
  }

  /** A payment carries what was charged (payments.ts fills it); a cancellation carries nothing. */
  settleCheckout(
    id: string,
    state: Exclude<CheckoutState, "open">,
    at: Date,
    payment?: PaymentFields
  ): SandboxCheckout {
    const checkout = this.checkouts.get(id)
    if (!checkout) throw new Error(`sandbox: no checkout ${id}`)
    checkout.state = state
    checkout.settledAt = at.toISOString()
    if (state === "paid" && payment) Object.assign(checkout, payment)
    this.onChange()
    return checkout
  }

  /** A paid subscription's later charge (renewals.ts decides whether it may be recorded). */
  addRenewal(id: string, renewal: SandboxRenewal): SandboxCheckout {
    const checkout = this.checkouts.get(id)
    if (!checkout) throw new Error(`sandbox: no checkout ${id}`)
    // A new array: a renewals list handed out before stays what it was.
    checkout.renewals = [...checkout.renewals, { ...renewal }]
    this.onChange()
    return checkout
  }

  issueBenefitsToken(): string {
    const token = unique(newBenefitsToken, (t) => this.benefitTokens.has(t))
    this.benefitTokens.add(token)
    this.onChange()
    return token
  }

  isBenefitsTokenValid(token: string): boolean {
    return this.benefitTokens.has(token)
  }

  revokeBenefitsTokens(): void {
    this.benefitTokens.clear()
    this.onChange()
  }

  /** Requests, checkouts, discounts and tokens; pending faults live in FaultQueue. */
  clear(): void {
    this.clearRequests()
    this.checkouts.clear()
    this.discounts.length = 0
    this.revokeBenefitsTokens() // calls onChange
  }
}
