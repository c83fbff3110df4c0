/**
 * A merchant's TypeScript against the installed package's declarations. run.js copies this file
 * into the host app (next to the tarball's install) and compiles it with `tsc --strict --noEmit`,
 * once with Node16 and once with Bundler resolution; it is never compiled in this repository
 * (tsconfig.json excludes the folder: here the imports would resolve to the repository itself).
 *
 * Each entry is used as a merchant would, and misused under `@ts-expect-error`: if an entry had no
 * declarations (TS7016 under --strict) or a type fell back to `any`, the misuse would compile, the
 * directive would be unused (TS2578) and tsc would fail.
 */
import {
  gatewayOfProvider,
  PAYLINK_PROVIDER_PREFIX,
  type PaylinkCheckout,
  type PaylinkSessionData,
  type StoreCartPaymentLinkProvidersResponse,
} from "medusa-plugin-paylink/types"
import {
  createOrderPaymentLinkWorkflow,
  createPaymentLinkWorkflow,
  type CreatePaymentLinkInput,
  type PaylinkPaymentSession,
} from "medusa-plugin-paylink/workflows"
import { createSandbox, type SandboxHandle, type SandboxOptions } from "medusa-plugin-paylink/sandbox"
import paylinkModule, { PAYLINK_MODULE } from "medusa-plugin-paylink/modules/paylink"
import benefitsModule, { BENEFITS_MODULE } from "medusa-plugin-paylink/modules/benefits"
import gatewayA from "medusa-plugin-paylink/providers/gateway-a"
import gatewayASubscription from "medusa-plugin-paylink/providers/gateway-a-subscription"
import gatewayB from "medusa-plugin-paylink/providers/gateway-b"
import gatewayC from "medusa-plugin-paylink/providers/gateway-c"
import Medusa from "@medusajs/js-sdk"
import { createPaymentLink, forgetCompletedCart, paylinkProviderInfo, paylinkProvidersForCart, type PaylinkCartProvider } from "medusa-plugin-paylink/storefront"
import { LoyaltyCardField, paylinkPaymentInfoMap, type LoyaltyCardFieldProps } from "medusa-plugin-paylink/storefront/react"

// ---- medusa-plugin-paylink/types: what a storefront reads from payment_session.data
declare const session: PaylinkSessionData
export const redirectTo: string = session.url
export const linkNumber: number = session.number
// @ts-expect-error the link's number is a number
export const numberAsText: string = session.number
// @ts-expect-error there is no such gateway
export const badSession: PaylinkSessionData = { ...session, gateway: "gateway_z" }

declare const checkout: PaylinkCheckout
// @ts-expect-error amount is a number (major units), not text
export const checkoutAmount: string = checkout.amount

declare const providers: StoreCartPaymentLinkProvidersResponse
export const firstAvailable: boolean | undefined = providers.payment_providers[0]?.available

export const prefix: "pp_paylink-" = PAYLINK_PROVIDER_PREFIX
export const gateway = gatewayOfProvider("pp_paylink-gateway-a_default")
// @ts-expect-error gatewayOfProvider answers a gateway or null, never a number
export const gatewayAsNumber: number = gatewayOfProvider("pp_paylink-gateway-b_default")

// ---- medusa-plugin-paylink/workflows: a hook handler and a workflow input
createPaymentLinkWorkflow.hooks.paylinkCreated(async ({ cart_id, payment_session }) => {
  const tag: { cart: string; number: number } = { cart: cart_id, number: payment_session.data.number }
  // @ts-expect-error the session's data is PaylinkSessionData: url is a string
  const urlAsNumber: number = payment_session.data.url
  return void [tag, urlAsNumber]
})
createOrderPaymentLinkWorkflow.hooks.orderPaylinkCreated(async ({ order_id, payment_session }) => {
  const sent: { order: string; url: string } = { order: order_id, url: payment_session.data.url }
  // @ts-expect-error the link's number is a number
  const numberAsText: string = payment_session.data.number
  return void [sent, numberAsText]
})
export const input: CreatePaymentLinkInput = { cart_id: "cart_01", provider_id: "pp_paylink-gateway-a_default" }
// @ts-expect-error provider_id is required
export const inputWithoutProvider: CreatePaymentLinkInput = { cart_id: "cart_01" }
declare const linkSession: PaylinkPaymentSession
export const sessionProvider: string = linkSession.provider_id

// ---- medusa-plugin-paylink/sandbox
export const sandboxOptions: SandboxOptions = { port: 0, tokens: { gatewayA: "sandbox-token-a" } }
export async function startSandbox(): Promise<string> {
  const sandbox: SandboxHandle = await createSandbox(sandboxOptions)
  await sandbox.close()
  return sandbox.url
}
// @ts-expect-error port is a number
export const sandboxOnTextPort = () => createSandbox({ port: "4010" })

// ---- medusa-plugin-paylink/modules/*: Medusa modules, linkable from a merchant's links
export const moduleNames: ["paylink", "benefits"] = [PAYLINK_MODULE, BENEFITS_MODULE]
export const checkoutLinkable = paylinkModule.linkable.paylinkCheckout
export const benefitsService = benefitsModule.service
// @ts-expect-error the paylink module has no such linkable
export const noSuchLinkable = paylinkModule.linkable.paylinkNoSuchThing

// ---- medusa-plugin-paylink/providers/*: Medusa module providers
export const providerServices = [gatewayA, gatewayASubscription, gatewayB, gatewayC].map((p) => p.services.length)
// @ts-expect-error a module provider is not a string
export const providerAsText: string = gatewayA

// ---- medusa-plugin-paylink/storefront: called with a real @medusajs/js-sdk client
const storeSdk = new Medusa({ baseUrl: "http://localhost:9000", publishableKey: "pk_test" })
export const payUrl: Promise<string> = createPaymentLink(storeSdk, "cart_01", "pp_paylink-gateway-a_default", { headers: { authorization: "Bearer x" } })
export const forgotten: Promise<boolean> = forgetCompletedCart(storeSdk, "cart_01", async () => {})
export const offered: Promise<PaylinkCartProvider[]> = paylinkProvidersForCart(storeSdk, "cart_01", { lang: "en" }).then((r) => r.available)
export const providerTitle: string | undefined = paylinkProviderInfo("pp_paylink-gateway-b_default", "es")?.title
// @ts-expect-error the storefront speaks "es" or "en"
export const french = paylinkProviderInfo("pp_paylink-gateway-b_default", "fr")
// @ts-expect-error the sdk is a Medusa client, not a URL
export const noClient = createPaymentLink("http://localhost:9000", "cart_01", "pp_paylink-gateway-a_default")

// ---- medusa-plugin-paylink/storefront/react: dtc-starter's paymentInfoMap shape, the loyalty field
export const paymentInfoMap: Record<string, { title: string }> = paylinkPaymentInfoMap("es")
export const loyaltyField = LoyaltyCardField
export const loyaltyProps: LoyaltyCardFieldProps["classNames"] = { input: "my-input" }
// @ts-expect-error there is no such part of the field
export const badPart: LoyaltyCardFieldProps["classNames"] = { nosuchpart: "x" }
