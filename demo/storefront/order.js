"use strict"
/**
 * The order confirmation page (the plugin's orderConfirmedUrl): the order, the payment link's
 * number (from the payment's data, which the plugin fills from the link) and, when a loyalty card
 * was used, the benefits program's authorization code (kept on the loyalty promotion's metadata).
 */
const { esc, money } = require("./html")

function mount(app, { sdk, paylink, wrap, render }) {
  app.get(
    "/order/:id/confirmed",
    wrap(async (req, res) => {
      const t = req.t
      const { order } = await sdk.store.order.retrieve(req.params.id, {
        fields:
          "*items,*payment_collections.payments,*promotions,+promotions.metadata",
      })
      // The return completed the cart on the server: forget it here, so the cart page is empty and
      // the next "add to cart" starts a new cart (docs/storefront.md#after-the-return-forget-the-completed-cart). A failed
      // check keeps the id (never dropped on a guess); the cart page skips a completed cart anyway.
      await paylink
        .forgetCompletedCart(
          sdk,
          req.cartId,
          () => {
            res.clearCookie("cart_id", { path: "/" })
            req.cartId = null
          },
          { lang: req.lang }
        )
        .catch(() => false)
      const payment = order.payment_collections?.flatMap(
        (c) => c.payments || []
      )[0]
      const number = payment?.data?.number
      const loyalty = (order.promotions || []).find(
        (p) => p.metadata?.authorization
      )
      // The discount row only when there is one: "Descuento − Q 0.00" reads as a discount lost.
      const items = order.items
        .map(
          (i) =>
            `<tr><td>${esc(i.product_title || i.title)}</td><td class="num">${i.quantity}</td><td class="num">${money(i.subtotal, order.currency_code, req.lang)}</td></tr>`
        )
        .join("")
      await render(
        req,
        res,
        t.orderConfirmed,
        `<h1 id="order-confirmed">${esc(t.orderConfirmed)}</h1>
<div class="card"><p>${esc(t.order)} <b id="order-number">#${esc(order.display_id)}</b> · ${esc(order.email)}</p>
<p>${esc(t.linkNumber)}: <b id="link-number">${esc(number ?? "—")}</b></p>
${loyalty ? `<p>${esc(t.benefitCode)}: <b id="benefit-code">${esc(loyalty.metadata.authorization)}</b></p>` : ""}
<table>${items}${Number(order.discount_total) > 0 ? `<tr><td>${esc(t.discount)}</td><td></td><td class="num" id="order-discount">− ${money(order.discount_total, order.currency_code, req.lang)}</td></tr>` : ""}
<tr><td>${esc(t.shipping)}</td><td></td><td class="num">${money(order.shipping_total, order.currency_code, req.lang)}</td></tr>
<tr><th>${esc(t.total)}</th><th></th><th class="num" id="order-total">${money(order.total, order.currency_code, req.lang)}</th></tr></table></div>
<p><a class="btn" href="/">${esc(t.backToShop)}</a></p>`
      )
    })
  )
}

module.exports = { mount }
