/**
 * Which hosted page the shopper left the store for, so the backend can tell a shopper who came back
 * without paying from a double click. Gateways B and C have no cancel address: a Cancel there (after
 * which their link is dead) or the browser's Back brings the shopper back to the store with nothing
 * the store can see. The storefront remembers the page it sent the shopper to (in the tab's
 * sessionStorage) and sends it as `left_url` with the next link request: when it is still the cart's
 * live link on such a gateway, the backend makes a new link (docs/storefront.md#coming-back-from-the-gateway-without-paying).
 */
import type { PaylinkNavigator } from "./pay"

/** The longest `left_url` the store route takes. */
export const LEFT_URL_MAX_LENGTH = 2048
export const LEFT_URL_RULE = `must be an absolute http(s) URL of at most ${LEFT_URL_MAX_LENGTH} characters`

/** An absolute http(s) URL of at most LEFT_URL_MAX_LENGTH characters: the store route's rule for `left_url`. */
export function isLeftUrl(value: unknown): value is string {
  return (
    typeof value === "string" &&
    value.length <= LEFT_URL_MAX_LENGTH &&
    canonicalUrl(value) !== null
  )
}

/** Two addresses of the same page: compared as URLs (`new URL`), not as text. */
export function sameLinkUrl(a: string, b: string): boolean {
  const left = canonicalUrl(a)
  return left !== null && left === canonicalUrl(b)
}

function canonicalUrl(value: string): string | null {
  try {
    const url = new URL(value)
    return url.protocol === "https:" || url.protocol === "http:"
      ? url.toString()
      : null
  } catch {
    return null
  }
}

const KEY_PREFIX = "paylink:left:"

type PageEvents = {
  addEventListener?: (
    type: string,
    listener: () => void,
    options?: { once?: boolean }
  ) => void
  removeEventListener?: (type: string, listener: () => void) => void
}

/**
 * How long the page may take to leave for the gateway. A navigation that never happened (stopped,
 * refused, opened elsewhere) must not make a later, unrelated unload count as leaving this link.
 */
export const LEAVE_WINDOW_MS = 60_000

/** What is used of the Web Storage API. */
type TabStorage = {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** The tab's sessionStorage, or null where there is none (a server) or it may not be used. */
function tabStorage(): TabStorage | null {
  try {
    return (
      (globalThis as { sessionStorage?: TabStorage }).sessionStorage ?? null
    )
  } catch {
    return null
  }
}

/**
 * Sends the browser to the hosted page `url` of cart `cartId`, and remembers it as the page the
 * shopper left for, once the page is really leaving (`pagehide`): a second click before the page
 * unloads still asks without a left url, so it gets the same link back.
 */
export function goToPaymentLink(
  cartId: string,
  url: string,
  navigator?: PaylinkNavigator
): void {
  const to =
    navigator ?? (globalThis as { location?: PaylinkNavigator }).location
  if (!to || typeof to.assign !== "function") {
    throw new Error(
      "goToPaymentLink runs in a browser (window.location); on a server redirect to the link's url."
    )
  }
  const page = globalThis as PageEvents
  const leaving = () => {
    try {
      tabStorage()?.setItem(KEY_PREFIX + cartId, url)
    } catch {
      // Storage full or refused: the next request asks without a left url, as before.
    }
  }
  page.addEventListener?.("pagehide", leaving, { once: true })
  const late = setTimeout(
    () => page.removeEventListener?.("pagehide", leaving),
    LEAVE_WINDOW_MS
  )
  // A timer must not keep a Node process (a test, a server render) alive.
  ;(late as { unref?: () => void }).unref?.()
  to.assign(url)
}

/** The hosted page this tab last left for to pay cart `cartId`, if any (none on a server). */
export function leftPaymentLink(cartId: string): string | undefined {
  try {
    const url = tabStorage()?.getItem(KEY_PREFIX + cartId)
    return isLeftUrl(url) ? url : undefined
  } catch {
    return undefined
  }
}

/** Forgets it, e.g. once the cart became an order. */
export function forgetLeftPaymentLink(cartId: string): void {
  try {
    tabStorage()?.removeItem(KEY_PREFIX + cartId)
  } catch {
    // Nothing kept, or storage refused: nothing to forget.
  }
}
