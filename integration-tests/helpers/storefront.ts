/**
 * What a storefront and a customer's browser do: make a cart, ask for a payment link, follow it
 * to the sandbox's hosted page, press Pay or Cancel, and come back through the return route.
 */
import axios, { type AxiosInstance } from "axios"
import { readLandingTarget } from "../../src/api/paylink/return/landing"

export type Api = AxiosInstance

export function storeHeaders(publishableKey: string) {
  return { headers: { "x-publishable-api-key": publishableKey } }
}

export const GUEST = {
  email: "ana.lopez@example.com",
  billing_address: {
    first_name: "Ana",
    last_name: "López",
    address_1: "6a Avenida 10-25, Zona 1",
    city: "Guatemala",
    country_code: "gt",
    phone: "+502 5555 1234",
  },
}

export async function createCart(
  api: Api,
  key: string,
  regionId: string,
  items: { variant_id: string; quantity: number }[],
  guest: Record<string, unknown> = GUEST
) {
  const { data } = await api.post(
    "/store/carts",
    { region_id: regionId, items, ...guest },
    storeHeaders(key)
  )
  return data.cart as { id: string; total: number; currency_code: string }
}

export async function createPaymentLink(
  api: Api,
  key: string,
  cartId: string,
  providerId: string
) {
  return await api.post(
    `/store/carts/${cartId}/payment-link`,
    { provider_id: providerId },
    storeHeaders(key)
  )
}

/** Presses a button on the hosted page; returns the address the sandbox redirects to. */
export async function pressOnHostedPage(
  url: string,
  button: "pay" | "cancel"
): Promise<string> {
  const page = await axios.get(url)
  if (!String(page.data).includes(`id="${button}"`)) {
    throw new Error(`hosted page has no ${button} button`)
  }
  const res = await axios.post(`${url}/${button}`, undefined, {
    maxRedirects: 0,
    validateStatus: () => true,
  })
  if (res.status !== 303) {
    throw new Error(`hosted page answered ${res.status} to ${button}`)
  }
  return res.headers.location as string
}

/** The browser arriving at the return address, on the test server (whatever host was signed). */
export async function followReturn(api: Api, returnUrl: string) {
  const u = new URL(returnUrl)
  return await api.get(`${u.pathname}${u.search}`, {
    maxRedirects: 0,
    validateStatus: () => true,
  })
}

/**
 * The storefront address the return's landing page sends the browser to (a 200 page, not a
 * redirect: src/api/paylink/return/landing.ts), or null when the answer is not a landing page.
 */
export function landingTargetOf(res: {
  status: number
  data: unknown
}): string | null {
  return res.status === 200 ? readLandingTarget(String(res.data)) : null
}

/** Like landingTargetOf, for a return that must land on the storefront: fails with what came back instead. */
export function landedAt(res: { status: number; data: unknown }): string {
  const target = landingTargetOf(res)
  if (!target) {
    throw new Error(
      `the return answered ${res.status}, not the landing page: ${String(res.data).slice(0, 300)}`
    )
  }
  return target
}

/** Order id from a storefront address ".../order/{order_id}/confirmed". */
export function orderIdFrom(location: string): string {
  const m = /\/order\/([^/]+)\/confirmed/.exec(location)
  if (!m) {
    throw new Error(`not an order page: ${location}`)
  }
  return decodeURIComponent(m[1])
}
