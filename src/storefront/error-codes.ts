/**
 * The codes of the plugin's store errors, each with its Spanish and English sentence, and the helper
 * that turns an error a storefront caught into that sentence (js-sdk keeps only the `message`, so a
 * sentence is recognised in either language). No React or Medusa import.
 */

export type PaylinkErrorLang = "es" | "en"

/**
 * `{min}`, `{max}`, `{total}`: amounts as "Q 25,000.00"; `{number}`: payment link numbers as "12" or
 * "12, 13"; `{products}`: the store's product names, quoted, as `"Miel de Petén (500 ml)", "…"`;
 * `{reference}`: a loyalty-program request's reference, as "BEN-0A1B2C3D4E5F6071".
 */
type Messages = { readonly es: string; readonly en: string }

export const PAYLINK_ERROR_MESSAGES = {
  // Paying by link: POST /store/carts/:id/payment-link and Medusa's payment-sessions route.
  "paylink.provider_required": {
    en: "Choose a payment method.",
    es: "Elija una forma de pago.",
  },
  "paylink.provider_unavailable": {
    en: "This payment method is not available for your cart. Choose another payment method.",
    es: "Esta forma de pago no está disponible para su carrito. Elija otra forma de pago.",
  },
  "paylink.subscription_only": {
    en: "This payment method is only for products sold by subscription, and these are not: {products}. Choose another payment method or remove them from your cart.",
    es: "Esta forma de pago es solo para productos de suscripción, y estos no lo son: {products}. Elija otra forma de pago o quítelos de su carrito.",
  },
  "paylink.cart_incomplete": {
    en: "Some details of your order are missing. Check your e-mail, your name, the shipping address and the delivery method, then try again.",
    es: "Faltan datos de su pedido. Revise su correo electrónico, su nombre, la dirección de envío y el método de entrega, e inténtelo de nuevo.",
  },
  "paylink.out_of_stock": {
    en: "Some products in your cart are no longer in stock. Review your cart and try again.",
    es: "Algunos productos de su carrito ya no están disponibles. Revise su carrito e inténtelo de nuevo.",
  },
  "paylink.currency_not_supported": {
    en: "This payment method does not accept the currency of your cart. Choose another payment method.",
    es: "Esta forma de pago no acepta la moneda de su carrito. Elija otra forma de pago.",
  },
  "paylink.amount_out_of_range": {
    en: "This payment method accepts totals from {min} to {max}, and your total is {total}. Choose another payment method.",
    es: "Esta forma de pago acepta totales de {min} a {max}, y su total es {total}. Elija otra forma de pago.",
  },
  "paylink.nothing_to_pay": {
    en: "Your cart has nothing to pay. Review your cart and try again.",
    es: "Su carrito no tiene nada que pagar. Revise su carrito e inténtelo de nuevo.",
  },
  "paylink.gateway_unavailable": {
    en: "This payment method is not available right now. Try again in a few minutes or choose another payment method.",
    es: "Esta forma de pago no está disponible en este momento. Inténtelo de nuevo en unos minutos o elija otra forma de pago.",
  },
  "paylink.gateway_rejected": {
    en: "The payment service did not accept this payment. Check your details or choose another payment method.",
    es: "El servicio de pagos no aceptó este pago. Revise sus datos o elija otra forma de pago.",
  },
  "paylink.paid_link_pending": {
    en: "We already received a payment for this cart (payment link {number}). You do not need to pay again: the store will contact you to complete your order or refund you.",
    es: "Ya recibimos un pago para este carrito (enlace de pago {number}). No necesita pagar de nuevo: la tienda lo contactará para completar su pedido o devolverle el dinero.",
  },
  "paylink.cart_changed": {
    en: "Your cart changed after your loyalty benefit was applied. Apply your loyalty card again or remove the benefit, then try again.",
    es: "Su carrito cambió después de aplicar su beneficio de lealtad. Aplique su tarjeta de nuevo o quite el beneficio, e inténtelo de nuevo.",
  },
  "paylink.tax_id_invalid": {
    en: "The NIT in your billing details is not valid. Check its check digit (after the hyphen, as in 576937-K), or use CF for a final consumer.",
    es: "El NIT de sus datos de facturación no es válido. Revise su dígito verificador (después del guion, como en 576937-K) o use CF si es consumidor final.",
  },
  // Any store route of the plugin.
  "paylink.cart_not_found": {
    en: "We could not find your cart. Reload the page and try again.",
    es: "No encontramos su carrito. Recargue la página e inténtelo de nuevo.",
  },
  "paylink.cart_completed": {
    en: "This cart has already become an order. Start a new cart to buy again.",
    es: "Este carrito ya se convirtió en un pedido. Empiece un carrito nuevo para volver a comprar.",
  },
  "paylink.invalid_request": {
    en: "Something in the request was not right. Reload the page and try again.",
    es: "Algo en la solicitud no era correcto. Recargue la página e inténtelo de nuevo.",
  },
  "paylink.unexpected": {
    en: "Something went wrong on our side. Try again in a few minutes.",
    es: "Algo salió mal de nuestro lado. Inténtelo de nuevo en unos minutos.",
  },
  // Loyalty benefits: POST and DELETE /store/carts/:id/benefits.
  "benefits.card_invalid": {
    en: "The card number must have 8 to 19 digits.",
    es: "El número de tarjeta debe tener de 8 a 19 dígitos.",
  },
  "benefits.rule_required": {
    en: "Choose a benefit.",
    es: "Elija un beneficio.",
  },
  "benefits.rule_unavailable": {
    en: "This benefit is not available right now. Choose another benefit.",
    es: "Este beneficio no está disponible en este momento. Elija otro beneficio.",
  },
  "benefits.program_unavailable": {
    en: "Loyalty benefits are not available right now. Try again in a few minutes or continue without the benefit.",
    es: "Los beneficios de lealtad no están disponibles en este momento. Inténtelo de nuevo en unos minutos o continúe sin el beneficio.",
  },
  "benefits.outcome_unknown": {
    en: "We could not confirm your benefit with the loyalty program, and no discount was applied. If you contact the store, quote reference {reference}.",
    es: "No pudimos confirmar su beneficio con el programa de lealtad y no se aplicó ningún descuento. Si contacta a la tienda, menciona la referencia {reference}.",
  },
  "benefits.card_rejected": {
    en: "The loyalty program did not accept this card. Check the number or continue without the benefit.",
    es: "El programa de lealtad no aceptó esta tarjeta. Revise el número o continúe sin el beneficio.",
  },
  "benefits.currency_not_supported": {
    en: "Loyalty benefits apply only to purchases in quetzales.",
    es: "Los beneficios de lealtad solo aplican a compras en quetzales.",
  },
  "benefits.minimum_not_reached": {
    en: "This benefit needs a total of at least {min}, and your total is {total}.",
    es: "Este beneficio requiere un total de al menos {min}, y su total es {total}.",
  },
  "benefits.not_eligible": {
    en: "This benefit gives no discount on your cart. Add products or choose another benefit.",
    es: "Este beneficio no da descuento en su carrito. Agregue productos o elija otro beneficio.",
  },
  "benefits.already_applied": {
    en: "Your cart already has a loyalty benefit. Remove it before applying another one.",
    es: "Su carrito ya tiene un beneficio de lealtad. Quítelo antes de aplicar otro.",
  },
  "benefits.card_limit": {
    en: "This loyalty card has reached its limit of benefit requests for now. Try again later, or continue without the benefit.",
    es: "Esta tarjeta de lealtad alcanzó su límite de solicitudes de beneficio por ahora. Inténtelo más tarde o continúe sin el beneficio.",
  },
  "benefits.cart_limit": {
    en: "This cart has reached its limit of benefit requests. Continue without the benefit or start a new cart.",
    es: "Este carrito alcanzó su límite de solicitudes de beneficio. Continúe sin el beneficio o empiece un carrito nuevo.",
  },
  "benefits.not_applied": {
    en: "The discount could not be applied to your cart, so nothing was discounted. Try again or continue without the benefit.",
    es: "No se pudo aplicar el descuento a su carrito, así que no se descontó nada. Inténtelo de nuevo o continúe sin el beneficio.",
  },
  "benefits.used_by_order": {
    en: "Your order already used this loyalty benefit, so it can no longer be removed.",
    es: "Su pedido ya usó este beneficio de lealtad, así que ya no se puede quitar.",
  },
  "benefits.nothing_to_remove": {
    en: "Your cart has no loyalty benefit to remove.",
    es: "Su carrito no tiene un beneficio de lealtad que quitar.",
  },
} as const satisfies Record<string, Messages>

export type PaylinkErrorCode = keyof typeof PAYLINK_ERROR_MESSAGES

export const PAYLINK_ERROR_CODES = Object.keys(
  PAYLINK_ERROR_MESSAGES
) as PaylinkErrorCode[]

export type PaylinkErrorParams = Partial<
  Record<"min" | "max" | "total" | "number" | "products" | "reference", string>
>

/**
 * Codes Medusa itself puts in an error body on these routes, with what a customer should read:
 * `invalid_state_error` answers a 409 (another request changed the cart at the same time).
 */
const MEDUSA_CODE_MESSAGES: Record<string, Messages> = {
  invalid_state_error: {
    en: "Your cart was being updated by another request. Try again.",
    es: "Su carrito se estaba actualizando en otra solicitud. Inténtelo de nuevo.",
  },
}

/** For a code not in this list (a newer plugin, another plugin): still a sentence the customer can act on. */
export const PAYLINK_GENERIC_MESSAGE: Messages = {
  en: "We could not complete this step. Try again, or choose another payment method.",
  es: "No pudimos completar este paso. Inténtelo de nuevo o elija otra forma de pago.",
}

export function isPaylinkErrorCode(code: unknown): code is PaylinkErrorCode {
  return (
    typeof code === "string" &&
    Object.prototype.hasOwnProperty.call(PAYLINK_ERROR_MESSAGES, code)
  )
}

/** The code's sentence in `lang`, its `{placeholders}` filled from `params` (a missing one shows "—"). */
export function renderPaylinkError(
  code: PaylinkErrorCode,
  lang: PaylinkErrorLang,
  params: PaylinkErrorParams = {}
): string {
  return PAYLINK_ERROR_MESSAGES[code][lang].replace(
    /\{(\w+)\}/g,
    (_, name: string) => params[name as keyof PaylinkErrorParams] ?? "—"
  )
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** Every sentence of the list as a pattern that reads back its code and parameters. */
const PATTERNS = PAYLINK_ERROR_CODES.flatMap((code) =>
  (["en", "es"] as const).map((lang) => {
    const names: string[] = []
    const source = PAYLINK_ERROR_MESSAGES[code][lang]
      .split(/(\{\w+\})/)
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1]
        if (!name) return escapeRegExp(part)
        names.push(name)
        return "(.+?)"
      })
      .join("")
    return { code, names, pattern: new RegExp(`^${source}$`) }
  })
)

/** The code and parameters of one of this list's sentences (in either language), or null. */
export function parsePaylinkErrorMessage(
  message: string
): { code: PaylinkErrorCode; params: PaylinkErrorParams } | null {
  const text = message.trim()
  for (const { code, names, pattern } of PATTERNS) {
    const match = pattern.exec(text)
    if (match) {
      return {
        code,
        params: Object.fromEntries(
          names.map((name, i) => [name, match[i + 1]])
        ) as PaylinkErrorParams,
      }
    }
  }
  return null
}

type ErrorLike = { code?: unknown; message?: unknown; status?: unknown }

/** The `code` of an error body, else the code of a message of this list (what a js-sdk FetchError keeps). */
export function paylinkErrorCode(error: unknown): PaylinkErrorCode | null {
  if (!error || typeof error !== "object") return null
  const { code, message } = error as ErrorLike
  if (isPaylinkErrorCode(code)) return code
  return typeof message === "string"
    ? (parsePaylinkErrorMessage(message)?.code ?? null)
    : null
}

/**
 * What to show the customer for an error thrown by `@medusajs/js-sdk` or a plain error body, in
 * `lang`; anything unknown gets a generic sentence that still says what to do, never the raw text.
 */
export function paylinkErrorMessage(
  error: unknown,
  lang: PaylinkErrorLang
): string {
  const { code, message, status } = (
    error && typeof error === "object" ? error : {}
  ) as ErrorLike
  const parsed =
    typeof message === "string" ? parsePaylinkErrorMessage(message) : null
  if (isPaylinkErrorCode(code)) {
    // The figures of the sentence the server wrote, whatever its language.
    return renderPaylinkError(
      code,
      lang,
      parsed?.code === code ? parsed.params : {}
    )
  }
  if (parsed) {
    return renderPaylinkError(parsed.code, lang, parsed.params)
  }
  if (typeof code === "string" && MEDUSA_CODE_MESSAGES[code]) {
    return MEDUSA_CODE_MESSAGES[code][lang]
  }
  // A FetchError keeps the status, not the code: Medusa answers its conflict code with a 409.
  if (status === 409) {
    return MEDUSA_CODE_MESSAGES.invalid_state_error[lang]
  }
  return PAYLINK_GENERIC_MESSAGE[lang]
}
