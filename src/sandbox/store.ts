/**
 * Everything the sandbox remembers between calls. The arrays and maps are mutated in place so
 * that the live views handed out by `createSandbox` stay valid across `clearRequests` and `reset`.
 */
import type {
  CheckoutState,
  RecordedRequest,
  SandboxCheckout,
  SandboxDiscount,
} from "./types"
import { newBenefitsToken, unique } from "./ids"

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

  record(entry: MutableRecordedRequest): void {
    this.requests.push(entry)
  }

  clearRequests(): void {
    this.requests.length = 0
  }

  addCheckout(checkout: SandboxCheckout): void {
    this.checkouts.set(checkout.id, { ...checkout })
  }

  addDiscount(discount: SandboxDiscount): void {
    this.discounts.push({ ...discount })
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
    return checkout
  }

  issueBenefitsToken(): string {
    const token = unique(newBenefitsToken, (t) => this.benefitTokens.has(t))
    this.benefitTokens.add(token)
    return token
  }

  isBenefitsTokenValid(token: string): boolean {
    return this.benefitTokens.has(token)
  }

  revokeBenefitsTokens(): void {
    this.benefitTokens.clear()
  }

  /** Requests, checkouts, discounts and tokens; pending faults live in FaultQueue. */
  clear(): void {
    this.clearRequests()
    this.checkouts.clear()
    this.discounts.length = 0
    this.revokeBenefitsTokens()
  }
}
