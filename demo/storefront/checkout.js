"use strict"
/**
 * Checkout in three steps (README section 5): address and e-mail, shipping, then payment with an
 * optional loyalty card (section 13) and the gateways the region allows; paying creates the
 * payment link and redirects to the service's hosted page. A cancel comes back to step 3
 * (paymentStepUrl) with the cart as it was.
 */
const { esc, money } = require("./html")

function mount(app, { sdk, wrap, render, getCart, lines, totals }) {
  const steps = (t, on) =>
    `<div class="steps">${[
      ["address", t.contact],
      ["delivery", t.delivery],
      ["payment", t.payment],
    ]
      .map(([k, l]) => `<span class="${k === on ? "on" : ""}">${esc(l)}</span>`)
      .join(" › ")}</div>`
  const back = (step, error) => `/checkout?step=${step}${error ? `&error=${encodeURIComponent(error)}` : ""}`
  const errorBox = (req) => (req.query.error ? `<p class="error" id="error">${esc(req.query.error)}</p>` : "")

  app.get(
    "/checkout",
    wrap(async (req, res) => {
      // The cancel return names the cart: it becomes this browser's cart again.
      if (req.query.cart_id && req.query.cart_id !== req.cartId) {
        res.cookie("cart_id", req.query.cart_id, { path: "/", httpOnly: true })
        req.cartId = String(req.query.cart_id)
      }
      const cart = req.cartId ? await getCart(req.cartId).catch(() => null) : null
      if (!cart?.items?.length || cart.completed_at) return res.redirect("/cart")
      const ready = cart.email && cart.shipping_address?.address_1
      const step = req.query.step === "payment" && cart.shipping_methods?.length ? "payment" : req.query.step === "delivery" && ready ? "delivery" : ready && cart.shipping_methods?.length ? req.query.step || "payment" : ready ? "delivery" : "address"
      if (step === "address") return renderAddress(req, res, cart)
      if (step === "delivery") return renderDelivery(req, res, cart)
      return renderPayment(req, res, cart)
    })
  )

  async function renderAddress(req, res, cart) {
    const t = req.t
    const a = cart.shipping_address || {}
    const { region } = await sdk.store.region.retrieve(cart.region_id, { fields: "*countries" })
    const field = (name, label, value, type = "text", required = true) =>
      `<label for="${name}">${esc(label)}</label><input id="${name}" name="${name}" type="${type}" value="${esc(value)}" ${required ? "required" : ""}>`
    await render(
      req,
      res,
      t.contact,
      `${steps(t, "address")}<h1>${esc(t.contact)}</h1>${errorBox(req)}<form method="post" action="/checkout/address" class="card">
${field("email", t.email, cart.email, "email")}
<div class="row"><div>${field("first_name", t.firstName, a.first_name)}</div><div>${field("last_name", t.lastName, a.last_name)}</div></div>
${field("address_1", t.address, a.address_1)}
<div class="row"><div>${field("city", t.city, a.city)}</div><div><label for="country_code">${esc(t.country)}</label><select id="country_code" name="country_code">${region.countries
        .map((c) => `<option value="${esc(c.iso_2)}">${esc(c.display_name)}</option>`)
        .join("")}</select></div></div>
<div class="row"><div>${field("phone", t.phone, a.phone, "tel", false)}</div><div>${field("nit", t.nit, cart.billing_address?.metadata?.tax_id, "text", false)}</div></div>
<p><button id="to-delivery">${esc(t.continue)}</button></p></form>`
    )
  }

  app.post(
    "/checkout/address",
    wrap(async (req, res) => {
      const b = req.body
      const address = { first_name: b.first_name, last_name: b.last_name, address_1: b.address_1, city: b.city, country_code: b.country_code, phone: b.phone || undefined }
      // The NIT goes where the providers read it: billing_address.metadata.tax_id (README section 4).
      const nit = String(b.nit || "").trim()
      try {
        await sdk.store.cart.update(req.cartId, {
          email: b.email,
          shipping_address: address,
          billing_address: { ...address, metadata: nit ? { tax_id: nit } : {} },
        })
      } catch (e) {
        return res.redirect(303, back("address", e.message))
      }
      res.redirect(303, "/checkout?step=delivery")
    })
  )

  async function renderDelivery(req, res, cart) {
    const t = req.t
    const { shipping_options } = await sdk.store.fulfillment.listCartOptions({ cart_id: cart.id })
    const chosen = cart.shipping_methods?.[0]?.shipping_option_id
    const options = shipping_options
      .map(
        (o, i) =>
          `<label class="radio"><input type="radio" name="option_id" value="${esc(o.id)}" ${chosen === o.id || (!chosen && i === 0) ? "checked" : ""}> ${esc(o.name)} — ${money(o.calculated_price?.calculated_amount ?? o.amount, cart.currency_code, req.lang)}</label>`
      )
      .join("")
    await render(
      req,
      res,
      t.delivery,
      `${steps(t, "delivery")}<h1>${esc(t.chooseShipping)}</h1>${errorBox(req)}<form method="post" action="/checkout/delivery">${options}<p><button id="to-payment">${esc(t.continue)}</button></p></form>`
    )
  }

  app.post(
    "/checkout/delivery",
    wrap(async (req, res) => {
      try {
        await sdk.store.cart.addShippingMethod(req.cartId, { option_id: req.body.option_id })
      } catch (e) {
        return res.redirect(303, back("delivery", e.message))
      }
      res.redirect(303, `/checkout?step=payment&cart_id=${encodeURIComponent(req.cartId)}`)
    })
  )

  async function renderPayment(req, res, cart) {
    const t = req.t
    // The plugin says which payment-link gateways this cart may use (README section 5): the
    // subscription only when every item is sold by subscription. This store sells those goods by
    // subscription only, so such a cart is offered the monthly link alone; a gateway the cart may
    // not use is shown disabled with the plugin's reason.
    const { payment_providers } = await sdk.client.fetch(`/store/carts/${cart.id}/payment-link-providers`)
    const isSubscription = payment_providers.some((p) => p.subscription && p.available)
    const gateways = payment_providers.filter((p) => (isSubscription ? p.subscription : true))
    const sessions = cart.payment_collection?.payment_sessions || []
    const canceled = sessions.some((s) => s.provider_id?.startsWith("pp_paylink-")) && !req.query.error
    const { benefit } = await sdk.client.fetch(`/store/carts/${cart.id}/benefits`)
    let loyalty
    if (cart.currency_code !== "gtq") {
      loyalty = `<p>${esc(t.loyaltyGtqOnly)}</p>`
    } else if (benefit?.status === "authorized") {
      loyalty = `<div class="ok" id="benefit-applied">${esc(t.applied)}: ${esc(benefit.card)} · ${esc(t.discount)} ${money(benefit.discount, "gtq", req.lang)} · ${esc(t.authorization)} <b id="benefit-authorization">${esc(benefit.authorization)}</b></div>
<form method="post" action="/checkout/benefit/remove"><button class="secondary" id="remove-benefit">${esc(t.removeBenefit)}</button></form>`
    } else {
      const { rules } = await sdk.client.fetch("/store/benefits/rules")
      loyalty = rules.length
        ? `${benefit?.status === "stale" ? `<p class="notice">${esc(t.stale)}</p>` : ""}<p>${esc(t.loyaltyHelp)}</p><form method="post" action="/checkout/benefit" class="row">
<div><label for="card">${esc(t.card)}</label><input id="card" name="card" inputmode="numeric" autocomplete="off" placeholder="6011 0000 1234 5678"></div>
<div><label for="rule_id">${esc(t.benefit)}</label><select id="rule_id" name="rule_id">${rules.map((r) => `<option value="${esc(r.id)}">${esc(r.name)}${r.description ? ` — ${esc(r.description)}` : ""}</option>`).join("")}</select></div>
<div><button id="apply-benefit">${esc(t.apply)}</button></div></form>`
        : ""
    }
    const names = t.gatewayNames
    const first = gateways.find((p) => p.available)
    const radios = gateways
      .map((p) =>
        p.available
          ? `<label class="radio"><input type="radio" name="provider_id" value="${esc(p.id)}" ${p === first ? "checked" : ""}> ${esc(names[p.id] || p.id)}</label>`
          : `<label class="radio unavailable"><input type="radio" name="provider_id" value="${esc(p.id)}" disabled> ${esc(names[p.id] || p.id)} <small>${esc(t.unavailable)}: ${esc(p.reason)}</small></label>`
      )
      .join("")
    await render(
      req,
      res,
      t.payment,
      `${steps(t, "payment")}<h1>${esc(t.payment)}</h1>${canceled ? `<p class="notice" id="payment-canceled">${esc(t.canceled)}</p>` : ""}${errorBox(req)}
${lines(cart, t, req.lang, false)}${totals(cart, t, req.lang)}
<section class="card" id="loyalty"><h3>${esc(t.loyalty)}</h3>${loyalty}</section>
<section><h3>${esc(t.gateway)}</h3>${isSubscription ? `<p>${esc(t.subscriptionOnly)}</p>` : ""}<form method="post" action="/checkout/pay">${radios}<p><button id="pay">${esc(t.pay)} · ${money(cart.total, cart.currency_code, req.lang)}</button></p></form></section>`
    )
  }

  app.post(
    "/checkout/benefit",
    wrap(async (req, res) => {
      try {
        await sdk.client.fetch(`/store/carts/${req.cartId}/benefits`, { method: "POST", body: { card: req.body.card, rule_id: req.body.rule_id } })
      } catch (e) {
        return res.redirect(303, back("payment", e.message))
      }
      res.redirect(303, "/checkout?step=payment")
    })
  )

  app.post(
    "/checkout/benefit/remove",
    wrap(async (req, res) => {
      await sdk.client.fetch(`/store/carts/${req.cartId}/benefits`, { method: "DELETE" })
      res.redirect(303, "/checkout?step=payment")
    })
  )

  app.post(
    "/checkout/pay",
    wrap(async (req, res) => {
      let session
      try {
        ;({ payment_session: session } = await sdk.client.fetch(`/store/carts/${req.cartId}/payment-link`, {
          method: "POST",
          body: { provider_id: req.body.provider_id },
        }))
      } catch (e) {
        return res.redirect(303, back("payment", e.message))
      }
      // To the service's hosted page; the plugin's return route brings the customer back.
      res.redirect(303, session.data.url)
    })
  )
}

module.exports = { mount }
