"use strict"
/**
 * The store API as a storefront drives it, for the scripts that run a real store over HTTP (the
 * benchmark, the soak, the several-instances test): a cart made ready for the payment step, the
 * sandbox's hosted page pressed, and the browser's arrival at a return address.
 */

/** A guest with a Guatemalan address: what the demo store ships to. */
const GUEST_ADDRESS = {
  first_name: "Ana",
  last_name: "López",
  address_1: "6a Avenida 10-25, Zona 1",
  city: "Guatemala",
  country_code: "gt",
  phone: "+502 5555 1234",
}

/**
 * A client of one store: `call` answers { status, json, text, headers } whatever the status (and
 * never follows a redirect); `must` throws on anything but 2xx.
 */
function storeApi(baseUrl, publishableKey) {
  async function call(method, pathname, body, { headers = {} } = {}) {
    const res = await fetch(`${baseUrl}${pathname}`, {
      method,
      redirect: "manual",
      headers: {
        "content-type": "application/json",
        "x-publishable-api-key": publishableKey,
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    let json = null
    try {
      json = JSON.parse(text)
    } catch {}
    return { status: res.status, json, text, headers: res.headers }
  }
  async function must(method, pathname, body) {
    const r = await call(method, pathname, body)
    if (r.status >= 300)
      throw new Error(
        `${method} ${pathname} answered ${r.status}: ${r.text.slice(0, 500)}`
      )
    return r.json
  }
  return { baseUrl, call, must }
}

/** Shipping option offered to carts of a region, looked up once per region (as a delivery step lists it). */
const shippingOptionOf = new Map()

/**
 * A cart as a storefront leaves it before the payment step: items, e-mail, billing and shipping
 * addresses, a shipping method; with `collection`, its payment collection too. One e-mail per cart:
 * parallel carts of one new e-mail race to create its customer.
 */
async function readyCart(
  api,
  { regionId, variantId, quantity = 2, email, collection = false }
) {
  const { cart } = await api.must("POST", "/store/carts", {
    region_id: regionId,
    items: [{ variant_id: variantId, quantity }],
    email,
    billing_address: GUEST_ADDRESS,
    shipping_address: GUEST_ADDRESS,
  })
  const key = `${api.baseUrl} ${regionId}`
  if (!shippingOptionOf.has(key)) {
    const { shipping_options } = await api.must(
      "GET",
      `/store/shipping-options?cart_id=${cart.id}`
    )
    if (!shipping_options?.length)
      throw new Error(`the store offers no shipping option to cart ${cart.id}`)
    shippingOptionOf.set(key, shipping_options[0].id)
  }
  await api.must("POST", `/store/carts/${cart.id}/shipping-methods`, {
    option_id: shippingOptionOf.get(key),
  })
  let collectionId = null
  if (collection) {
    const { payment_collection } = await api.must(
      "POST",
      "/store/payment-collections",
      { cart_id: cart.id }
    )
    collectionId = payment_collection.id
  }
  return { cartId: cart.id, collectionId }
}

/**
 * Presses Pay or Cancel on the sandbox's hosted page: { status, location }. A 303 sends the browser
 * to the return address; B and C have no cancel address, so their Cancel answers a page (200).
 */
async function pressOnHostedPage(url, button) {
  const page = await fetch(url)
  const html = await page.text()
  if (!html.includes(`id="${button}"`))
    throw new Error(
      `hosted page ${url} (${page.status}) has no ${button} button`
    )
  const res = await fetch(`${url}/${button}`, {
    method: "POST",
    redirect: "manual",
  })
  await res.arrayBuffer()
  return { status: res.status, location: res.headers.get("location") }
}

/** The browser arriving at a (signed) return address, on this store whatever host was signed. */
function followReturn(api, returnUrl) {
  const u = new URL(returnUrl)
  return api.call("GET", `${u.pathname}${u.search}`)
}

const UNESCAPE = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
}

/**
 * Where the return's answer sends the browser on the storefront, else null. The return answers a
 * 200 page that navigates there itself (so the storefront's SameSite=Strict cookies arrive): the
 * address is its link's href (src/api/paylink/return/landing.ts). Takes `call`'s answer
 * ({ status, text }) or axios's ({ status, data }).
 */
function landingTargetOf(res) {
  if (!res || res.status !== 200) return null
  const html = typeof res.text === "string" ? res.text : String(res.data ?? "")
  const href = /<a id="continue" class="back" href="([^"]*)">/.exec(html)?.[1]
  return href === undefined
    ? null
    : href.replace(/&(amp|lt|gt|quot|#39);/g, (e) => UNESCAPE[e])
}

/** Order id of a storefront address ".../order/{order_id}/confirmed", else null. */
function orderIdOf(location) {
  const m = /\/order\/([^/?#]+)\/confirmed/.exec(location || "")
  return m ? decodeURIComponent(m[1]) : null
}

module.exports = {
  GUEST_ADDRESS,
  storeApi,
  readyCart,
  pressOnHostedPage,
  followReturn,
  landingTargetOf,
  orderIdOf,
}
