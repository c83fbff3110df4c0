"use strict"
/**
 * The demo's storefront: plain server-rendered pages, talking to Medusa with @medusajs/js-sdk on
 * the server (the publishable key never needs to reach the browser). The cart id, region and
 * language live in cookies. The plugin's options point here: orderConfirmedUrl is
 * /order/{order_id}/confirmed and paymentStepUrl /checkout?step=payment&cart_id={cart_id}
 * (medusa-config.ts, with STOREFRONT_URL set by demo/run.js).
 *
 * The plugin's part of the pages comes from its storefront entry (`medusa-plugin-paylink/storefront`,
 * passed in as `paylink`, compiled by demo/lib/storefront-entry.js): provider names and icons, the
 * providers a cart may use, the pay helper, forgetting the completed cart, the loyalty card's rule.
 */
const path = require("node:path")
const express = require("express")
const Medusa = require("@medusajs/js-sdk").default
const { retryReadsOnStaleSocket } = require("./stale-socket")
const { es, en } = require("./i18n")
const { esc, money, page } = require("./html")
const { flash } = require("./flash")

function cookies(req) {
  return Object.fromEntries(
    (req.headers.cookie || "")
      .split(";")
      .map((c) => c.trim().split("="))
      .filter(([k]) => k)
      .map(([k, ...v]) => [k, decodeURIComponent(v.join("="))])
  )
}

function startStorefront({ port, medusaUrl, publishableKey, paylink }) {
  const sdk = retryReadsOnStaleSocket(
    new Medusa({ baseUrl: medusaUrl, publishableKey })
  )
  const app = express()
  app.disable("x-powered-by")
  app.use(express.urlencoded({ extended: false }))
  // The product images, at the same path Medusa serves them from (see demo/seed.ts).
  app.use("/static/demo", express.static(path.join(__dirname, "..", "images")))

  // Language, region and cart for every page.
  let regions = null
  app.use(async (req, res, next) => {
    try {
      const c = cookies(req)
      req.cookieJar = c
      if (req.query.lang === "en" || req.query.lang === "es") {
        res.cookie("lang", req.query.lang, { path: "/" })
        c.lang = req.query.lang
      }
      req.lang = c.lang === "en" ? "en" : "es"
      req.t = req.lang === "en" ? en : es
      regions ??= (
        await sdk.store.region.list({
          fields: "id,name,currency_code,*countries",
        })
      ).regions
      req.currency = c.region === "usd" ? "usd" : "gtq"
      req.region = regions.find((r) => r.currency_code === req.currency)
      req.cartId = c.cart_id || null
      next()
    } catch (e) {
      next(e)
    }
  })

  const render = async (req, res, title, body) => {
    let count = 0
    if (req.cartId) {
      const cart = await getCart(req.cartId).catch(() => null)
      count =
        cart && !cart.completed_at
          ? cart.items.reduce((n, i) => n + i.quantity, 0)
          : 0
    }
    res.send(
      page({
        t: req.t,
        lang: req.lang,
        title,
        body,
        cartCount: count,
        currency: req.currency,
      })
    )
  }
  const wrap = (fn) => (req, res, next) => fn(req, res).catch(next)

  const CART_FIELDS =
    "id,email,currency_code,region_id,completed_at,total,subtotal,item_total,item_subtotal,shipping_total,discount_total,*items,*items.product,*items.variant,*shipping_address,*billing_address,*shipping_methods,*promotions,*payment_collection,*payment_collection.payment_sessions"
  async function getCart(id) {
    const { cart } = await sdk.store.cart.retrieve(id, { fields: CART_FIELDS })
    return cart
  }
  /** The cookie's cart when it is still open, in this region; otherwise none. */
  async function openCart(req) {
    if (!req.cartId) return null
    const cart = await getCart(req.cartId).catch(() => null)
    return cart && !cart.completed_at ? cart : null
  }

  app.get("/region/:code", (req, res) => {
    res.cookie("region", req.params.code === "usd" ? "usd" : "gtq", {
      path: "/",
    })
    res.clearCookie("cart_id", { path: "/" })
    res.redirect("/")
  })

  app.get(
    "/",
    wrap(async (req, res) => {
      const { products } = await sdk.store.product.list({
        region_id: req.region.id,
        fields: "id,title,handle,thumbnail,metadata,*variants.calculated_price",
        limit: 50,
      })
      const cards = products
        .map((p) => {
          const price = p.variants?.[0]?.calculated_price
          return `<div class="card product" data-handle="${esc(p.handle)}"><a href="/products/${esc(p.handle)}"><img src="${esc(p.thumbnail)}" alt=""></a>
<h3><a href="/products/${esc(p.handle)}">${esc(p.title)}</a></h3><p class="price">${money(price?.calculated_amount, price?.currency_code, req.lang)}</p></div>`
        })
        .join("")
      await render(
        req,
        res,
        req.t.products,
        `<h1>${esc(req.t.products)}</h1><div class="grid">${cards}</div>`
      )
    })
  )

  app.get(
    "/products/:handle",
    wrap(async (req, res) => {
      const { products } = await sdk.store.product.list({
        handle: req.params.handle,
        region_id: req.region.id,
        fields: "*variants.calculated_price,+metadata",
      })
      const p = products[0]
      if (!p) return res.status(404).send("Not found")
      const v = p.variants[0]
      const sub = p.metadata?.paylink_subscription
        ? `<p class="notice">${esc(req.t.subscriptionNote)}</p>`
        : ""
      await render(
        req,
        res,
        p.title,
        `<div class="row"><img src="${esc(p.thumbnail)}" alt="" style="width:100%;border-radius:8px"><div><h1>${esc(p.title)}</h1><p>${esc(p.description)}</p>
<p class="price">${money(v.calculated_price?.calculated_amount, v.calculated_price?.currency_code, req.lang)}</p>${sub}
<form method="post" action="/cart/items"><input type="hidden" name="variant_id" value="${esc(v.id)}"><button id="add-to-cart">${esc(req.t.add)}</button></form></div></div>`
      )
    })
  )

  app.post(
    "/cart/items",
    wrap(async (req, res) => {
      let cart = await openCart(req)
      if (!cart || cart.region_id !== req.region.id) {
        cart = (await sdk.store.cart.create({ region_id: req.region.id })).cart
        res.cookie("cart_id", cart.id, { path: "/", httpOnly: true })
      }
      await sdk.store.cart.createLineItem(cart.id, {
        variant_id: req.body.variant_id,
        quantity: 1,
      })
      res.redirect(303, "/cart")
    })
  )

  app.post(
    "/cart/items/:id/delete",
    wrap(async (req, res) => {
      if (req.cartId)
        await sdk.store.cart.deleteLineItem(req.cartId, req.params.id)
      res.redirect(303, "/cart")
    })
  )

  // Lines and subtotal before discounts: the loyalty discount is shown once, on its own line.
  const lines = (cart, t, lang, editable) =>
    `<table><tr><th></th><th>${esc(t.products)}</th><th class="num">${esc(t.qty)}</th><th class="num">${esc(t.total)}</th>${editable ? "<th></th>" : ""}</tr>${cart.items
      .map(
        (i) =>
          `<tr><td><img src="${esc(i.thumbnail)}" alt="" width="60"></td><td>${esc(i.product_title || i.title)}</td><td class="num">${i.quantity}</td><td class="num">${money(i.subtotal ?? i.unit_price * i.quantity, cart.currency_code, lang)}</td>${
            editable
              ? `<td><form method="post" action="/cart/items/${esc(i.id)}/delete"><button class="secondary">${esc(t.remove)}</button></form></td>`
              : ""
          }</tr>`
      )
      .join("")}</table>`

  const totals = (cart, t, lang) =>
    `<table class="totals"><tr><td>${esc(t.subtotal)}</td><td class="num">${money(cart.item_subtotal ?? cart.item_total, cart.currency_code, lang)}</td></tr>
<tr><td>${esc(t.shipping)}</td><td class="num">${money(cart.shipping_total, cart.currency_code, lang)}</td></tr>
${Number(cart.discount_total) ? `<tr><td>${esc(t.discount)}</td><td class="num" id="discount">− ${money(cart.discount_total, cart.currency_code, lang)}</td></tr>` : ""}
<tr><th>${esc(t.total)}</th><th class="num" id="cart-total">${money(cart.total, cart.currency_code, lang)}</th></tr></table>`

  app.get(
    "/cart",
    wrap(async (req, res) => {
      const cart = await openCart(req)
      const body = !cart?.items?.length
        ? `<h1>${esc(req.t.cart)}</h1><p>${esc(req.t.empty)}</p><a class="btn" href="/">${esc(req.t.backToShop)}</a>`
        : `<h1>${esc(req.t.cart)}</h1>${lines(cart, req.t, req.lang, true)}${totals(cart, req.t, req.lang)}<p><a class="btn" id="checkout" href="/checkout">${esc(req.t.checkout)}</a></p>`
      await render(req, res, req.t.cart, body)
    })
  )

  require("./checkout").mount(app, {
    sdk,
    paylink,
    wrap,
    render,
    getCart,
    lines,
    totals,
  })
  require("./order").mount(app, { sdk, paylink, wrap, render })

  // A failed call to Medusa: the customer reads a sentence in their language, with the server's
  // message as a detail (this page's own, from the error object, never from the request).
  app.use((err, req, res, _next) => {
    // For whoever runs the demo: the page hides what is not the shopper's business. The message
    // only (a Medusa or network error), never the request, which may hold a card or a NIT.
    console.error(
      `[storefront] ${req.method} ${req.path}: ${err?.status ?? ""} ${err?.message ?? err}${
        // A network failure's reason ("other side closed", ECONNREFUSED) is in its cause.
        err?.cause
          ? ` (${err.cause.code ?? err.cause.message ?? err.cause})`
          : ""
      }`
    )
    const t = req.t || es
    const detail = flash.shopperDetail(
      paylink,
      "unexpected",
      flash.detailOf(err),
      req.lang
    )
    res.status(err.status && err.status < 500 ? err.status : 500).send(
      page({
        t,
        lang: req.lang || "es",
        title: t.error,
        currency: req.currency,
        body: `<h1>${esc(t.error)}</h1><p class="error">${esc(t.errors.unexpected)}${detail ? `<br><small>${esc(detail)}</small>` : ""}</p><p><a class="btn" href="/checkout">${esc(t.checkout)}</a> <a href="/">${esc(t.backToShop)}</a></p>`,
      })
    )
  })

  return new Promise((resolve, reject) => {
    // Loopback only: the demo serves this machine's browser, never the network.
    const server = app.listen(port, "127.0.0.1", () =>
      resolve({
        close: () =>
          new Promise(
            (r) => (server.closeAllConnections(), server.close(() => r()))
          ),
      })
    )
    server.once("error", reject)
  })
}

module.exports = { startStorefront }
