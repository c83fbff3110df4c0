/**
 * What the sandbox spec files that call its service API share: valid bodies for every endpoint,
 * an HTTP client that never throws on a status, and one sandbox per spec file, reset before each
 * test. Not a spec itself (jest's unit testMatch wants *.unit.spec.ts).
 */
import axios, { type AxiosRequestConfig, type AxiosResponse } from "axios"
import type { EndpointName } from "../../../lib/paylink/endpoints"
import { createSandbox } from "../../server"
import type { SandboxHandle } from "../../types"

export const TOKEN: Record<EndpointName, string | null> = {
  gatewayASingle: "sandbox-token-a",
  gatewayASubscription: "sandbox-token-a",
  gatewayB: "sandbox-token-b",
  gatewayC: "sandbox-token-c",
  discount: null,
  setup: null,
}

export const billing = {
  name: "Ana",
  surname: "López",
  email: "ana@example.com",
}

export const valid: Record<EndpointName, Record<string, unknown>> = {
  gatewayASingle: {
    number: 1001,
    description: "Order 1001",
    amount: 125.5,
    billing,
    redirection: {
      successUrl: "https://shop.test/ok",
      cancelUrl: "https://shop.test/cancel",
    },
    options: { allowTransfer: true, installments: "3,6," },
  },
  gatewayASubscription: {
    number: 1002,
    description: "Monthly box",
    amount: 99,
    currency: "USD",
    billing,
    redirection: {
      successUrl: "https://shop.test/ok",
      cancelUrl: "https://shop.test/cancel",
    },
    count: 2,
    interval: "week",
  },
  gatewayB: {
    number: 1003,
    description: "Order 1003",
    amount: 30.5,
    billing,
    redirection: { successUrl: "https://shop.test/ok" },
    order: [
      { reference: "SKU-1", name: "Mug", qty: 2, price: 10.25 },
      { reference: "SKU-2", name: "Tea", qty: 1, price: 10 },
    ],
  },
  gatewayC: {
    number: 1004,
    description: "Order 1004",
    amount: 10,
    currency: "GTQ",
    billing,
  },
  discount: { discount: 10, total: 100, code: 42, card: "6000123412341234" },
  setup: { user: "sandbox", password: "sandbox-password", branch: 1 },
}

// A live binding: set by useSandbox's beforeAll, read by the tests of the file that calls it.
export let sandbox: SandboxHandle

export const http = axios.create({
  validateStatus: () => true,
  maxRedirects: 0,
  timeout: 3000,
})

export async function call(
  name: EndpointName,
  body: unknown,
  { token, ...config }: AxiosRequestConfig & { token?: string | null } = {}
): Promise<AxiosResponse> {
  const t = token === undefined ? TOKEN[name] : token
  return http.post(sandbox.endpointUrl(name), body, {
    ...config,
    headers: {
      "Content-Type": "application/json",
      ...(t ? { "X-Token": t } : {}),
      ...(config.headers ?? {}),
    },
  })
}

export async function benefitsToken(): Promise<string> {
  const res = await call("setup", valid.setup)
  expect(res.status).toBe(200)
  return res.data.token
}

export function withBody(name: EndpointName, patch: Record<string, unknown>) {
  return { ...valid[name], ...patch }
}

export function expectFieldError(res: AxiosResponse, path: string) {
  expect(res.status).toBe(400)
  expect(res.data.errors.map((e: { path: string }) => e.path)).toContain(path)
  expect(res.data.message).toContain(`${path}: `)
}

/** Starts one sandbox for the calling spec file, clears its state before each test, closes it after. */
export function useSandbox(): void {
  beforeAll(async () => {
    sandbox = await createSandbox()
  })

  afterAll(async () => {
    await sandbox.close()
  })

  beforeEach(() => sandbox.reset())
}
