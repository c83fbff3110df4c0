/**
 * A storefront that keeps its cookies as Medusa's official one (dtc-starter) does: the cart id
 * (`_medusa_cart_id`) and the customer's token (`_medusa_jwt`) are `SameSite=Strict`, so the
 * browser sends them only on a navigation it treats as same-site. It records the cookies every
 * page was asked with, for a test to see what arrived when the customer came back.
 */
import http from "node:http"
import net, { type AddressInfo } from "node:net"

export const CART_COOKIE = "_medusa_cart_id"
export const JWT_COOKIE = "_medusa_jwt"

export type StorefrontVisit = { path: string; cookies: Record<string, string> }

export type StrictCookieStorefront = {
  url: string
  visits: StorefrontVisit[]
  /** The page that sets the Strict cookies for a cart and links to its payment page. */
  checkoutPage: (cartId: string, payUrl: string) => string
  close: () => Promise<void>
}

function cookiesOf(header: string | undefined): Record<string, string> {
  return Object.fromEntries(
    (header ?? "")
      .split(";")
      .map((c) => c.trim())
      .filter(Boolean)
      .map((c) => [
        c.slice(0, c.indexOf("=")),
        decodeURIComponent(c.slice(c.indexOf("=") + 1)),
      ])
  )
}

/** A port free right now, for a server that must be told its port before it starts (Medusa's PORT). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/** Listens on loopback at `port` (0: any free one); `url` uses the host name `localhost`, as the plugin's options do. */
export async function startStrictCookieStorefront(
  port: number
): Promise<StrictCookieStorefront> {
  const visits: StorefrontVisit[] = []
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? "/", "http://localhost")
    res.setHeader("Content-Type", "text/html; charset=utf-8")
    res.setHeader("Cache-Control", "no-store")
    if (u.pathname === "/start") {
      // What dtc-starter's setCartId and setAuthToken do (sameSite "strict", httpOnly).
      const cartId = u.searchParams.get("cart_id") ?? ""
      res.setHeader("Set-Cookie", [
        `${CART_COOKIE}=${encodeURIComponent(cartId)}; Path=/; HttpOnly; SameSite=Strict`,
        `${JWT_COOKIE}=customer-token-for-${encodeURIComponent(cartId)}; Path=/; HttpOnly; SameSite=Strict`,
      ])
      const pay = (u.searchParams.get("pay") ?? "").replace(/"/g, "&quot;")
      return res.end(
        `<!doctype html><title>Checkout</title><a id="go-pay" href="${pay}">Pay</a>`
      )
    }
    const cookies = cookiesOf(req.headers.cookie)
    visits.push({ path: `${u.pathname}${u.search}`, cookies })
    res.end(
      `<!doctype html><title>Storefront</title><h1 id="landed">${cookies[CART_COOKIE] ? "cart cookie received" : "no cart cookie"}</h1>`
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, "127.0.0.1", () => resolve())
  })
  const url = `http://localhost:${(server.address() as AddressInfo).port}`
  return {
    url,
    visits,
    checkoutPage: (cartId, payUrl) =>
      `${url}/start?cart_id=${encodeURIComponent(cartId)}&pay=${encodeURIComponent(payUrl)}`,
    close: () =>
      new Promise<void>(
        (resolve) => (
          server.closeAllConnections(),
          server.close(() => resolve())
        )
      ),
  }
}
