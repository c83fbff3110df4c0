/**
 * A real @medusajs/js-sdk client whose global `fetch` is answered here: the helpers are tested
 * through the SDK's own request building (query, JSON body, headers, FetchError on 4xx), with no
 * server. Each request is recorded; `answer` decides the response per method and path.
 */
import Medusa from "@medusajs/js-sdk"

export type Recorded = {
  method: string
  path: string
  query: URLSearchParams
  body: any
  headers: Headers
}
type Answer = { status?: number; json: unknown }

export function fakeBackend(answer: (req: Recorded) => Answer) {
  const requests: Recorded[] = []
  const realFetch = globalThis.fetch
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input))
    const req: Recorded = {
      method: (init?.method ?? "GET").toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
      headers: new Headers(init?.headers as HeadersInit),
    }
    requests.push(req)
    const { status = 200, json } = answer(req)
    return new Response(JSON.stringify(json), {
      status,
      headers: { "content-type": "application/json" },
    })
  }) as typeof fetch
  const sdk = new Medusa({
    baseUrl: "http://store.test",
    publishableKey: "pk_test",
  })
  return { sdk, requests, restore: () => void (globalThis.fetch = realFetch) }
}
