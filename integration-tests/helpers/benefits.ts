/** The benefits program set up as a merchant would, through the admin API, against the sandbox. */
import type { Api } from "./storefront"
import { storeHeaders } from "./storefront"

export const PROGRAM_CREDENTIALS = {
  user: "sandbox",
  password: "sandbox-password",
  branch: 1,
}

export async function enableProgram(
  api: Api,
  admin: { headers: Record<string, string> }
) {
  const { data } = await api.post(
    "/admin/benefits/settings",
    { ...PROGRAM_CREDENTIALS, enabled: true },
    admin
  )
  return data.settings
}

export async function createRule(
  api: Api,
  admin: { headers: Record<string, string> },
  rule: Record<string, unknown> = {}
) {
  const { data } = await api.post(
    "/admin/benefits/rules",
    {
      code: 501,
      name: "Club 10%",
      kind: "percentage",
      value: 10,
      cap: 50,
      min_total: 50,
      ...rule,
    },
    admin
  )
  return data.rule as { id: string }
}

export async function applyBenefit(
  api: Api,
  key: string,
  cartId: string,
  body: Record<string, unknown>
) {
  return await api
    .post(`/store/carts/${cartId}/benefits`, body, storeHeaders(key))
    .catch((e: any) => e.response)
}

/** Subscribers (order.placed) run after the request that emitted the event; wait for their effect. */
export async function eventually<T>(
  probe: () => Promise<T>,
  ok: (v: T) => boolean,
  ms = 10_000
): Promise<T> {
  const until = Date.now() + ms
  let last = await probe()
  while (!ok(last) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100))
    last = await probe()
  }
  return last
}
