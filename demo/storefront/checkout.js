"use strict"
/**
 * Checkout in three steps (docs/storefront.md): address and e-mail, shipping, then payment with an
 * optional loyalty card (docs/storefront.md#loyalty-card) and the gateways the cart may use; paying asks the plugin for
 * the link (a live one: after a cancel, a new one) and redirects to the service's hosted page. A
 * cancel comes back to step 3 (paymentStepUrl) with the cart as it was. What the plugin knows comes
 * from its storefront entry (`paylink`); a failed step's message is a flash (./flash.js), never
 * text from the address.
 */
const { esc, money } = require("./html")
const { flash } = require("./flash")

function mount(app, { sdk, paylink, wrap, render, getCart, lines, totals }) {
  const steps = (t, on) =>
    `<div class="steps">${[
      ["address", t.contact],
      ["delivery", t.delivery],
      ["payment", t.payment],
    ]
      .map(([k, l]) => `<span class="${k === on ? "on" : ""}">${esc(l)}</span>`)
      .join(" › ")}</div>`
  /** Back to a step after a failure: the message goes in the flash, not in the address. */
  const back = (res, step, code, err) => {
    flash.set(res, code, err)
    res.redirect(303, `/checkout?step=${step}`)
  }
  /** The store's own message for this page, if it set one (taken once). */
  const errorBox = (req, res) => {
    const m = (req.flash ??= flash.take(req, res))
    // Only a detail in the shopper's language: never a second, English sentence under a Spanish one.
    const detail = m && flash.shopperDetail(paylink, m.code, m.detail, req.lang)
    return m
      ? `<p class="error" id="error" data-code="${esc(m.code)}">${esc(req.t.errors[m.code])}${detail ? `<br><small id="error-detail">${esc(detail)}</small>` : ""}</p>`
      : ""
  }

  app.get(
    "/checkout",
    wrap(async (req, res) => {
      // The cancel return names the cart: it becomes this browser's cart again.
      if (req.query.cart_id && req.query.cart_id !== req.cartId) {
        res.cookie("cart_id", req.query.cart_id, { path: "/", httpOnly: true })
        req.cartId = String(req.query.cart_id)
      }
      const cart = req.cartId
        ? await getCart(req.cartId).catch(() => null)
        : null
      if (!cart?.items?.length || cart.completed_at)
        return res.redirect("/cart")
      const ready = cart.email && cart.shipping_address?.address_1
      const step =
        req.query.step === "payment" && cart.shipping_methods?.length
          ? "payment"
          : req.query.step === "delivery" && ready
            ? "delivery"
            : ready && cart.shipping_methods?.length
              ? req.query.step || "payment"
              : ready
                ? "delivery"
                : "address"
      if (step === "address") return renderAddress(req, res, cart)
      if (step === "delivery") return renderDelivery(req, res, cart)
      return renderPayment(req, res, cart)
    })
  )

  /**
   * `typed`: what the customer sent, shown again when a field was refused (the page is answered to
   * the POST, so nothing they typed is lost and nothing of it is stored anywhere on the way).
   */
  async function renderAddress(req, res, cart, typed = null) {
    const t = req.t
    const a = typed || cart.shipping_address || {}
    const { region } = await sdk.store.region.retrieve(cart.region_id, {
      fields: "*countries",
    })
    const invalid = new Set(typed?.invalid || [])
    const field = (name, label, value, type = "text", required = true) =>
      `<label for="${name}">${esc(label)}</label><input id="${name}" name="${name}" type="${type}" value="${esc(value)}" ${required ? "required" : ""}${invalid.has(name) ? ' aria-invalid="true" aria-describedby="error"' : ""}>`
    await render(
      req,
      res,
      t.contact,
      `${steps(t, "address")}<h1>${esc(t.contact)}</h1>${errorBox(req, res)}<form method="post" action="/checkout/address" class="card">
${field("email", t.email, typed ? typed.email : cart.email, "email")}
<div class="row"><div>${field("first_name", t.firstName, a.first_name)}</div><div>${field("last_name", t.lastName, a.last_name)}</div></div>
${field("address_1", t.address, a.address_1)}
<div class="row"><div>${field("city", t.city, a.city)}</div><div><label for="country_code">${esc(t.country)}</label><select id="country_code" name="country_code">${region.countries
        .map(
          (c) =>
            `<option value="${esc(c.iso_2)}"${c.iso_2 === a.country_code ? " selected" : ""}>${esc(c.display_name)}</option>`
        )
        .join("")}</select></div></div>
<div class="row"><div>${field("phone", t.phone, a.phone, "tel", false)}</div><div>${field("nit", t.nit, typed ? typed.nit : cart.billing_address?.metadata?.tax_id, "text", false)}</div></div>
<p><button id="to-delivery">${esc(t.continue)}</button></p></form>`
    )
  }

  app.post(
    "/checkout/address",
    wrap(async (req, res) => {
      const b = req.body
      const address = {
        first_name: b.first_name,
        last_name: b.last_name,
        address_1: b.address_1,
        city: b.city,
        country_code: b.country_code,
        phone: b.phone || undefined,
      }
      // The NIT goes where the providers read it: billing_address.metadata.tax_id (docs/install.md#currency-amount-and-billing-rules),
      // checked first with the entry's rule (the check digit; CF for a final consumer), as the backend checks it.
      const typedNit = String(b.nit || "").trim()
      const nitProblem = typedNit ? paylink.nitError(typedNit, req.lang) : null
      if (nitProblem) {
        const cart = await getCart(req.cartId)
        req.flash = { code: "nit_invalid", detail: nitProblem }
        res.status(422)
        return renderAddress(req, res, cart, {
          ...address,
          email: b.email,
          nit: typedNit,
          invalid: ["nit"],
        })
      }
      const nit = typedNit ? paylink.normalizeNit(typedNit) : ""
      try {
        await sdk.store.cart.update(req.cartId, {
          email: b.email,
          shipping_address: address,
          billing_address: { ...address, metadata: nit ? { tax_id: nit } : {} },
        })
      } catch (e) {
        return back(res, "address", "address", e)
      }
      res.redirect(303, "/checkout?step=delivery")
    })
  )

  async function renderDelivery(req, res, cart) {
    const t = req.t
    const { shipping_options } = await sdk.store.fulfillment.listCartOptions({
      cart_id: cart.id,
    })
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
      `${steps(t, "delivery")}<h1>${esc(t.chooseShipping)}</h1>${errorBox(req, res)}<form method="post" action="/checkout/delivery">${options}<p><button id="to-payment">${esc(t.continue)}</button></p></form>`
    )
  }

  app.post(
    "/checkout/delivery",
    wrap(async (req, res) => {
      try {
        await sdk.store.cart.addShippingMethod(req.cartId, {
          option_id: req.body.option_id,
        })
      } catch (e) {
        return back(res, "delivery", "shipping", e)
      }
      res.redirect(
        303,
        `/checkout?step=payment&cart_id=${encodeURIComponent(req.cartId)}`
      )
    })
  )

  /** `typedCard`: the card the customer sent, shown again in its field when it was refused. */
  async function renderPayment(req, res, cart, typedCard = "") {
    const t = req.t
    // The plugin says which payment-link gateways this cart may use (docs/storefront.md): the
    // subscription only when every item is sold by subscription. This store sells those goods by
    // subscription only, so such a cart is offered the monthly link alone; a gateway the cart may
    // not use is shown disabled with the reason, in the customer's language.
    const { providers, available } = await paylink.paylinkProvidersForCart(
      sdk,
      cart.id,
      { lang: req.lang }
    )
    const isSubscription = available.some((p) => p.subscription)
    const gateways = providers.filter((p) =>
      isSubscription ? p.subscription : true
    )
    const error = errorBox(req, res)
    // Back from the gateway's page with the cart unpaid: its payment-link session is still there.
    const sessions = cart.payment_collection?.payment_sessions || []
    const canceled =
      sessions.some((s) => paylink.isPaylinkProvider(s.provider_id)) && !error
    const { benefit } = await paylink.getCartLoyaltyBenefit(sdk, cart.id, {
      lang: req.lang,
    })
    let loyalty
    if (cart.currency_code !== "gtq") {
      loyalty = `<p>${esc(t.loyaltyGtqOnly)}</p>`
    } else if (benefit?.status === "authorized") {
      loyalty = `<div class="ok" id="benefit-applied">${esc(t.applied)}: ${esc(benefit.card)} · ${esc(t.discount)} ${money(benefit.discount, "gtq", req.lang)} · ${esc(t.authorization)} <b id="benefit-authorization">${esc(benefit.authorization)}</b></div>
<form method="post" action="/checkout/benefit/remove"><button class="secondary" id="remove-benefit">${esc(t.removeBenefit)}</button></form>`
    } else {
      const rules = await paylink.listLoyaltyBenefitRules(sdk, {
        lang: req.lang,
      })
      loyalty = rules.length
        ? `${benefit?.status === "stale" ? `<p class="notice">${esc(t.stale)}</p>` : ""}<p>${esc(t.loyaltyHelp)}</p><form method="post" action="/checkout/benefit" class="loyalty-form">
<div><label for="card">${esc(t.card)}</label><input id="card" name="card" inputmode="numeric" autocomplete="off" placeholder="6011 0000 1234 5678" value="${esc(typedCard)}"${typedCard && error ? ' aria-invalid="true" aria-describedby="error"' : ""}></div>
<fieldset id="rule_id" class="choices"><legend>${esc(t.benefit)}</legend>${rules.map((r, i) => `<label class="radio" data-rule="${esc(r.id)}"><input type="radio" name="rule_id" value="${esc(r.id)}"${i === 0 ? " checked" : ""}> <span><b>${esc(r.name)}</b>${r.description ? `<br><small>${esc(r.description)}</small>` : ""}</span></label>`).join("")}</fieldset>
<div><button id="apply-benefit">${esc(t.apply)}</button></div></form>`
        : ""
    }
    // Back from a gateway's page: that gateway stays chosen, so "Pay" reopens the same page.
    const left = sessions.find((s) => paylink.isPaylinkProvider(s.provider_id))
    const first =
      gateways.find((p) => p.available && p.id === left?.provider_id) ??
      gateways.find((p) => p.available)
    // Title, description and icon from the entry; the icon is the entry's fixed SVG markup.
    const radios = gateways
      .map(
        (p) =>
          `<label class="radio${p.available ? "" : " unavailable"}" data-provider="${esc(p.id)}"><input type="radio" name="provider_id" value="${esc(p.id)}" ${
            p.available ? (p === first ? "checked" : "") : "disabled"
          }> <span class="icon">${paylink.paylinkProviderIconSvg(p.id, 28)}</span><span><b>${esc(p.title)}</b><br><small>${esc(p.available ? p.description : p.reason)}</small></span></label>`
      )
      .join("")
    await render(
      req,
      res,
      t.payment,
      `${steps(t, "payment")}<h1>${esc(t.payment)}</h1>${canceled ? `<p class="notice" id="payment-canceled">${esc(t.canceled)}</p>` : ""}${error}
${lines(cart, t, req.lang, false)}${totals(cart, t, req.lang)}
<section class="card" id="loyalty"><h3>${esc(t.loyalty)}</h3>${loyalty}</section>
<section><h3>${esc(t.gateway)}</h3>${isSubscription ? `<p>${esc(t.subscriptionOnly)}</p>` : ""}<form method="post" action="/checkout/pay">${radios}<p><button id="pay">${esc(t.pay)} · ${money(cart.total, cart.currency_code, req.lang)}</button>${
        // Back without a success return: only the shopper knows whether they paid there, so a new
        // link (which gateways B and C need after a Cancel on their page) is their choice.
        canceled
          ? ` <button class="secondary" name="new_payment" value="1" id="pay-new">${esc(t.newPayment)}</button>`
          : ""
      }</p></form></section>`
    )
  }

  // A refused card is answered on the POST itself, with the card still in its field (a redirect
  // would have to carry the number in a cookie or the address); reloading the address asks again.
  const refuseCard = async (req, res, status, code, detail) => {
    const cart = await getCart(req.cartId)
    req.flash = { code, detail: String(detail ?? "").slice(0, 400) }
    res.status(status)
    return renderPayment(req, res, cart, String(req.body.card ?? ""))
  }

  app.post(
    "/checkout/benefit",
    wrap(async (req, res) => {
      // The server's rule, checked here first: a mistyped card costs no request.
      const invalid = paylink.loyaltyCardError(req.body.card, req.lang)
      if (invalid) return refuseCard(req, res, 422, "card_invalid", invalid)
      try {
        await paylink.applyLoyaltyCard(
          sdk,
          req.cartId,
          { card: req.body.card, ruleId: req.body.rule_id },
          { lang: req.lang }
        )
      } catch (e) {
        const status = e?.status >= 400 && e?.status < 500 ? e.status : 502
        return refuseCard(req, res, status, "benefit", flash.detailOf(e))
      }
      res.redirect(303, "/checkout?step=payment")
    })
  )
  // The page answered to a refused POST links to itself (the language switch, a reload by address).
  for (const [path, step] of [
    ["/checkout/address", "address"],
    ["/checkout/benefit", "payment"],
  ])
    app.get(path, (req, res) => res.redirect(303, `/checkout?step=${step}`))

  app.post(
    "/checkout/benefit/remove",
    wrap(async (req, res) => {
      await paylink.removeLoyaltyCard(sdk, req.cartId, { lang: req.lang })
      res.redirect(303, "/checkout?step=payment")
    })
  )

  app.post(
    "/checkout/pay",
    wrap(async (req, res) => {
      // Always asks the plugin: after a cancel the cart's old link is dead and a new one is made;
      // while the link is live the same one comes back without calling the service.
      let url
      try {
        // "Start a new payment": the page the shopper came back from, so that gateways B and C,
        // which cannot say a link was canceled there, make a new one (docs/storefront.md).
        const leftUrl =
          req.body.new_payment === "1"
            ? (
                await getCart(req.cartId)
              ).payment_collection?.payment_sessions?.find(
                (s) => s.provider_id === req.body.provider_id
              )?.data?.url
            : undefined
        // The shopper's language goes with the call: the plugin's refusal and the return pages speak it.
        url = await paylink.createPaymentLink(
          sdk,
          req.cartId,
          req.body.provider_id,
          { lang: req.lang, leftUrl }
        )
      } catch (e) {
        // No gateway chosen (or a forged id) is the entry's own refusal: no server message to add.
        return back(
          res,
          "payment",
          "payment",
          e instanceof paylink.PaylinkInputError ? null : e
        )
      }
      // To the service's hosted page; the plugin's return route brings the customer back.
      res.redirect(303, url)
    })
  )
}

module.exports = { mount }
