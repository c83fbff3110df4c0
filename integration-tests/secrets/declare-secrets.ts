/**
 * Tells the secrets check (recording.js) which values of this run are secret, as the specs meet
 * them: the app's configuration, what a spec types into a secret field, what the sandbox accepts
 * and what the app sends it. Values are recorded as given; the check decides which are long enough
 * to search for.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { RecordedRequest, SandboxHandle } from "../../src/sandbox"
import type BenefitsModuleService from "../../src/modules/benefits/service"
import { record, recordingPath, specName, type SecretKind } from "./recording"

// BENEFITS_MODULE, by value: importing the module would load its data models into a spec that
// boots another app (the consumer test).
const BENEFITS_MODULE = "benefits"

/** A key with one of these names holds a secret, wherever it is: plugin or provider options, a request body. */
const SECRET_FIELDS: Record<string, SecretKind> = {
  secret: "plugin secret",
  encryptionKey: "encryption key",
  token: "gateway token",
  password: "program password",
  card: "card number",
}

// One declaration per value and kind is enough; the first source found is the one reported.
const declared = new Set<string>()

export function declareSecret(
  kind: SecretKind,
  value: unknown,
  source: string
) {
  if ((typeof value !== "string" && typeof value !== "number") || value === "")
    return
  const text = String(value)
  const key = `${kind}\0${text}`
  if (declared.has(key)) return
  declared.add(key)
  record({
    type: "secret",
    kind,
    value: text,
    file: specName(expect.getState().testPath),
    source,
  })
}

/** Every value under a secret field's name in `value` (options, a body), `where` saying whose. */
export function declareSecretFields(
  value: unknown,
  where: string,
  seen = new WeakSet<object>()
) {
  // The loaded configuration may refer back to itself.
  if (!value || typeof value !== "object" || seen.has(value)) return
  seen.add(value)
  for (const [key, inner] of Object.entries(value)) {
    const kind = SECRET_FIELDS[key]
    if (kind) declareSecret(kind, inner, `${where}.${key}`)
    else declareSecretFields(inner, `${where}.${key}`, seen)
  }
}

/** The secrets in the options the app was booted with (medusa-config.ts and the spec's env). */
export function declareConfiguredSecrets(container: MedusaContainer) {
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  declareSecretFields(config.modules, "medusa-config modules")
  declareSecretFields(config.plugins, "medusa-config plugins")
}

/** The program's token the app holds now: the sandbox issues it, so no spec ever types it. */
export async function declareProgramToken(container: MedusaContainer) {
  if (!recordingPath() || !container.hasRegistration(BENEFITS_MODULE)) return
  const benefits = container.resolve<BenefitsModuleService>(BENEFITS_MODULE)
  declareSecret(
    "program token",
    await benefits.token(),
    "the benefits module's stored token"
  )
}

/**
 * What the sandbox accepts, and from then on what the app sends it (tokens in X-Token, the
 * program's password, card numbers), collected before the sandbox forgets its requests.
 */
export function declareSandboxSecrets(sandbox: SandboxHandle) {
  for (const [gateway, token] of Object.entries(sandbox.tokens)) {
    declareSecret("gateway token", token, `the sandbox's token for ${gateway}`)
  }
  declareSecret(
    "program password",
    sandbox.benefits.password,
    "the sandbox's benefits password"
  )
  const declareSent = () => sandbox.requests.forEach(declareSentRequest)
  for (const method of ["clearRequests", "reset", "close"] as const) {
    const original = sandbox[method].bind(sandbox) as () => any
    sandbox[method] = () => {
      declareSent()
      return original()
    }
  }
}

function declareSentRequest(request: RecordedRequest) {
  const call = `a ${request.endpoint ?? request.path} call to the sandbox`
  const kind =
    request.endpoint === "discount" ? "program token" : "gateway token"
  declareSecret(kind, request.headers["x-token"], `X-Token of ${call}`)
  declareSecretFields(request.body, `body of ${call}`)
}
