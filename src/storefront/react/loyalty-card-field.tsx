"use client"
/**
 * The loyalty card at checkout for React storefronts, unstyled (`paylink-loyalty__…` classes). It
 * makes no request itself: `onApply` / `onRemove` do. Next.js hides a server action's thrown message
 * in production, so `onApply` may return the message to show instead.
 */
import { useState, type FormEvent, type ReactElement } from "react"
import {
  loyaltyBenefitSummary,
  loyaltyCardError,
  normalizeLoyaltyCard,
  type StoreBenefitRule,
  type StoreCartBenefit,
} from "../loyalty"
import type { PaylinkLang } from "../sdk"

export type LoyaltyCardFieldPart =
  | "root"
  | "title"
  | "help"
  | "form"
  | "label"
  | "input"
  | "select"
  | "button"
  | "removeButton"
  | "error"
  | "applied"
  | "notice"

export type LoyaltyCardFieldTexts = {
  title: string
  help: string
  card: string
  benefit: string
  apply: string
  applying: string
  applied: string
  discount: string
  authorization: string
  remove: string
  stale: string
  failed: string
}

const TEXTS: Record<PaylinkLang, LoyaltyCardFieldTexts> = {
  es: {
    title: "Tarjeta de lealtad (opcional)",
    help: "Ingrese su tarjeta de lealtad para obtener el descuento del programa.",
    card: "Número de tarjeta",
    benefit: "Beneficio",
    apply: "Aplicar",
    applying: "Aplicando…",
    applied: "Beneficio aplicado",
    discount: "Descuento",
    authorization: "Autorización",
    remove: "Quitar beneficio",
    stale: "El carrito cambió: vuelva a aplicar su tarjeta.",
    failed: "No se pudo aplicar la tarjeta. Inténtelo de nuevo.",
  },
  en: {
    title: "Loyalty card (optional)",
    help: "Enter your loyalty card to get the program's discount.",
    card: "Card number",
    benefit: "Benefit",
    apply: "Apply",
    applying: "Applying…",
    applied: "Benefit applied",
    discount: "Discount",
    authorization: "Authorization",
    remove: "Remove benefit",
    stale: "Your cart changed: apply your card again.",
    failed: "The card could not be applied. Please try again.",
  },
}

/** The texts of the field in `lang`, for a storefront that renders its own. */
export function loyaltyCardFieldTexts(
  lang: PaylinkLang = "es"
): LoyaltyCardFieldTexts {
  return { ...TEXTS[lang === "en" ? "en" : "es"] }
}

export type LoyaltyCardFieldProps = {
  lang?: PaylinkLang
  rules: StoreBenefitRule[]
  benefit: StoreCartBenefit | null
  /** Applies the card (digits only, already checked); a returned string is shown as the error. */
  onApply: (input: {
    card: string
    ruleId: string
  }) => Promise<string | void | null | undefined>
  onRemove: () => Promise<string | void | null | undefined>
  /** The message shown for an error `onApply` / `onRemove` threw (default: the texts' `failed`). */
  errorMessage?: (error: unknown) => string
  classNames?: Partial<Record<LoyaltyCardFieldPart, string>>
  texts?: Partial<LoyaltyCardFieldTexts>
  /** Formats the discount (default: "Q 18.00" for GTQ). */
  formatAmount?: (amount: number, currencyCode: string) => string
}

const defaultAmount = (amount: number, currency: string) =>
  `${currency.toLowerCase() === "gtq" ? "Q" : currency.toUpperCase()} ${amount.toFixed(2)}`

export function LoyaltyCardField(
  props: LoyaltyCardFieldProps
): ReactElement | null {
  const {
    rules,
    benefit,
    onApply,
    onRemove,
    errorMessage,
    classNames = {},
    formatAmount = defaultAmount,
  } = props
  const lang: PaylinkLang = props.lang === "en" ? "en" : "es"
  const t = { ...TEXTS[lang], ...props.texts }
  const cls = (part: LoyaltyCardFieldPart) =>
    classNames[part] ?? `paylink-loyalty__${part}`
  const [card, setCard] = useState("")
  const [ruleId, setRuleId] = useState(rules[0]?.id ?? "")
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const run = async (
    action: () => Promise<string | void | null | undefined>
  ) => {
    setBusy(true)
    setError(null)
    try {
      const refused = await action()
      if (refused) {
        setError(refused)
      }
    } catch (e) {
      setError(errorMessage ? errorMessage(e) : t.failed)
    } finally {
      setBusy(false)
    }
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const invalid = loyaltyCardError(card, lang)
    const digits = normalizeLoyaltyCard(card)
    if (invalid || !digits) {
      setError(invalid)
      return
    }
    void run(async () => {
      const refused = await onApply({
        card: digits,
        ruleId: ruleId || rules[0]?.id || "",
      })
      if (!refused) {
        setCard("")
      }
      return refused
    })
  }

  const errorBox = error ? (
    <p
      className={cls("error")}
      role="alert"
      data-testid="paylink-loyalty-error"
    >
      {error}
    </p>
  ) : null

  if (benefit?.status === "authorized") {
    return (
      <div className={cls("root")} data-testid="paylink-loyalty">
        <p className={cls("applied")} data-testid="paylink-loyalty-applied">
          {t.applied}: {benefit.card} · {t.discount}{" "}
          {formatAmount(benefit.discount, benefit.currency_code)}
          {benefit.authorization
            ? ` · ${t.authorization} ${benefit.authorization}`
            : ""}
        </p>
        <button
          type="button"
          className={cls("removeButton")}
          disabled={busy}
          onClick={() => void run(onRemove)}
        >
          {t.remove}
        </button>
        {errorBox}
      </div>
    )
  }
  if (!rules.length) {
    return null
  }
  return (
    <div className={cls("root")} data-testid="paylink-loyalty">
      <h3 className={cls("title")}>{t.title}</h3>
      {benefit?.status === "stale" ? (
        <p className={cls("notice")}>{t.stale}</p>
      ) : null}
      <p className={cls("help")}>{t.help}</p>
      <form className={cls("form")} onSubmit={submit} noValidate>
        <label className={cls("label")}>
          {t.card}
          <input
            className={cls("input")}
            name="card"
            inputMode="numeric"
            autoComplete="off"
            value={card}
            aria-invalid={error ? true : undefined}
            onChange={(e) => setCard(e.target.value)}
          />
        </label>
        {rules.length > 1 ? (
          <label className={cls("label")}>
            {t.benefit}
            <select
              className={cls("select")}
              name="rule_id"
              value={ruleId}
              onChange={(e) => setRuleId(e.target.value)}
            >
              {rules.map((r) => (
                <option key={r.id} value={r.id}>
                  {/* The merchant's words, else the rule's own: a percentage says whether shipping counts. */}
                  {`${r.name} — ${r.description || loyaltyBenefitSummary(r, lang)}`}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <button type="submit" className={cls("button")} disabled={busy}>
          {busy ? t.applying : t.apply}
        </button>
      </form>
      {errorBox}
    </div>
  )
}
