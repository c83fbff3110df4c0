/**
 * What the demo store sells and who runs it: shared by the seed (demo/seed.ts) and nothing else on
 * the server; demo/run.js prints the same admin e-mail from demo/lib/constants.js.
 */
// Keep in step with demo/lib/constants.js (run.js is plain JavaScript and prints the login). The
// password is the install's (DEMO_ADMIN_PASSWORD from .demo/secrets.json), never written here.
export const ADMIN = { email: "admin@demo.paylink.gt" }
export const KEY_TITLE = "Paylink demo storefront"

/**
 * The payment providers the demo's regions offer. Not Medusa's `pp_system_default`: it authorizes
 * without any payment, so a region that lists it places unpaid orders for anyone who asks.
 */
export const PROVIDERS = {
  gatewayA: "pp_paylink-gateway-a_default",
  subscription: "pp_paylink-gateway-a-subscription_monthly",
  gatewayB: "pp_paylink-gateway-b_default",
  gatewayC: "pp_paylink-gateway-c_default",
} as const

export const SHIPPING = [
  {
    zone: "Guatemala",
    country: "gt",
    name: "Envío estándar Guatemala",
    description: "2 a 3 días hábiles",
    currency: "gtq",
    amount: 25,
  },
  {
    zone: "Estados Unidos",
    country: "us",
    name: "Envío internacional",
    description: "7 a 10 días hábiles",
    currency: "usd",
    amount: 12,
  },
]

type DemoProduct = {
  title: string
  handle: string
  description: string
  image: string
  variant: string
  gtq: number
  usd: number
  subscription?: boolean
}

export const PRODUCTS: DemoProduct[] = [
  {
    title: "Café de Huehuetenango",
    handle: "cafe-huehuetenango",
    description: "Café de altura, tostado medio, 454 g.",
    image: "cafe.svg",
    variant: "454 g",
    gtq: 100,
    usd: 14,
  },
  {
    title: "Chocolate de Cobán",
    handle: "chocolate-coban",
    description: "Tableta de cacao 70 % de Alta Verapaz.",
    image: "chocolate.svg",
    variant: "100 g",
    gtq: 45,
    usd: 6,
  },
  {
    title: "Miel de Petén",
    handle: "miel-peten",
    description: "Miel de abeja melipona, frasco de 500 ml.",
    image: "miel.svg",
    variant: "500 ml",
    gtq: 60,
    usd: 8,
  },
  {
    title: "Textil de Sololá",
    handle: "textil-solola",
    description: "Camino de mesa tejido a mano en telar de cintura.",
    image: "textil.svg",
    variant: "1,5 m",
    gtq: 250,
    usd: 33,
  },
  {
    title: "Jarra de cerámica de Antigua",
    handle: "ceramica-antigua",
    description: "Mayólica pintada a mano, 1 litro.",
    image: "ceramica.svg",
    variant: "1 L",
    gtq: 180,
    usd: 24,
  },
  {
    title: "Club del café (suscripción mensual)",
    handle: "club-cafe-mensual",
    description:
      "Una bolsa de café de origen distinto cada mes; se cobra mensualmente.",
    image: "club.svg",
    variant: "Mensual",
    gtq: 150,
    usd: 20,
    subscription: true,
  },
]
