/**
 * `paylink-sandbox`: runs the sandbox as a standalone process for storefront development and
 * demos. Flags win over environment variables, which win over the defaults.
 */
import { parseArgs } from "node:util"
import { GATEWAY_PATHS } from "../lib/paylink/gateways"
import { DEFAULT_BENEFITS, DEFAULT_TOKENS } from "./options"
import { createSandbox } from "./server"
import type { SandboxHandle, SandboxOptions, SandboxTokens } from "./types"

/** A fixed port, so a storefront's configuration does not change between runs. */
export const CLI_DEFAULT_PORT = 4010

/** Each gateway's token variable, by its letter: PAYLINK_SANDBOX_TOKEN_A for gateway A. */
const tokenVariable = (letter: string) => `PAYLINK_SANDBOX_TOKEN_${letter}`
const letters = GATEWAY_PATHS.map((p) => p.letter)
const TOKENS_ENV = `${tokenVariable(letters[0])}${letters
  .slice(1)
  .map((l) => `, _${l}`)
  .join("")}`

export const USAGE = `Usage: paylink-sandbox [options]

Runs a local emulator of the payment-link service (gateways ${letters.join(", ")} and the benefits program).

Options:
  --port <n>          Port to listen on (0 picks a free one). Env PAYLINK_SANDBOX_PORT. Default ${CLI_DEFAULT_PORT}.
  --host <host>       Address to listen on. Env PAYLINK_SANDBOX_HOST. Default 127.0.0.1.
  --public-url <url>  Base of the hosted-page addresses, when browsers reach the sandbox
                      through another address. Env PAYLINK_SANDBOX_PUBLIC_URL.
  --state-file <path> Keep checkouts, payments, discounts and benefits tokens in this JSON
                      file, so a restart still knows them (off by default: every start
                      is empty). Env PAYLINK_SANDBOX_STATE_FILE.
  --help              Show this text.

Environment:
  ${TOKENS_ENV.padEnd(36)}  X-Token accepted by gateway ${letters.join(", ")}
                                        (defaults ${GATEWAY_PATHS.map((p) => DEFAULT_TOKENS[p.key]).join(", ")}).
  PAYLINK_SANDBOX_BENEFITS_USER         Benefits setup user (default ${DEFAULT_BENEFITS.user}).
  PAYLINK_SANDBOX_BENEFITS_PASSWORD     Benefits setup password (default ${DEFAULT_BENEFITS.password}).
  PAYLINK_SANDBOX_BENEFITS_BRANCH       Benefits setup branch (default ${DEFAULT_BENEFITS.branch}).

Control API: GET/DELETE /__sandbox/requests, POST /__sandbox/fail {count, mode, endpoint?},
POST /__sandbox/reset, POST /__sandbox/revoke-benefit-tokens, GET /__sandbox/checkouts/:id,
POST /__sandbox/checkouts/:id/pay-without-return {amount?, currency?, cardLast4?}.
Transactions export: GET /dashboard/<gatewayA|gatewayB|gatewayC>/transacciones.csv
  ?desde=dd/mm/yyyy&hasta=dd/mm/yyyy&formato=latin1 (all optional).
`

export type CliConfig =
  { help: true } | { help: false; options: SandboxOptions }

type Env = Record<string, string | undefined>

export class CliUsageError extends Error {}

export function parseCli(argv: string[], env: Env): CliConfig {
  let values: {
    port?: string
    host?: string
    "public-url"?: string
    "state-file"?: string
    help?: boolean
  }
  try {
    ;({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: "string" },
        host: { type: "string" },
        "public-url": { type: "string" },
        "state-file": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }))
  } catch (e) {
    throw new CliUsageError((e as Error).message)
  }
  if (values.help) return { help: true }

  const portText = values.port ?? nonEmpty(env.PAYLINK_SANDBOX_PORT)
  const branchText = nonEmpty(env.PAYLINK_SANDBOX_BENEFITS_BRANCH)
  return {
    help: false,
    options: {
      port:
        portText === undefined ? CLI_DEFAULT_PORT : integer("port", portText),
      host: values.host ?? nonEmpty(env.PAYLINK_SANDBOX_HOST),
      publicUrl:
        values["public-url"] ?? nonEmpty(env.PAYLINK_SANDBOX_PUBLIC_URL),
      stateFile:
        values["state-file"] ?? nonEmpty(env.PAYLINK_SANDBOX_STATE_FILE),
      tokens: Object.fromEntries(
        GATEWAY_PATHS.map((p) => [
          p.key,
          nonEmpty(env[tokenVariable(p.letter)]),
        ])
      ) as Partial<SandboxTokens>,
      benefits: {
        user: nonEmpty(env.PAYLINK_SANDBOX_BENEFITS_USER),
        password: nonEmpty(env.PAYLINK_SANDBOX_BENEFITS_PASSWORD),
        branch:
          branchText === undefined
            ? undefined
            : integer("benefits branch", branchText),
      },
    },
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value
}

function integer(name: string, text: string): number {
  if (!/^-?\d+$/.test(text.trim()))
    throw new CliUsageError(`${name} must be an integer, got "${text}"`)
  return Number(text)
}

/**
 * The start-up line. Default credentials are public fakes and printed so they can be copied;
 * anything that came from the environment is only reported as "set".
 */
export function describe(
  handle: SandboxHandle,
  options: SandboxOptions
): string {
  const shown = (custom: unknown, value: string | number) =>
    custom === undefined ? String(value) : "set"
  const t = options.tokens ?? {}
  const b = options.benefits ?? {}
  return (
    `paylink sandbox listening on ${handle.url}` +
    (handle.publicUrl !== handle.url
      ? ` (hosted pages at ${handle.publicUrl})`
      : "") +
    ` | X-Token ${GATEWAY_PATHS.map((p) => `${p.letter}=${shown(t[p.key], handle.tokens[p.key])}`).join(" ")}` +
    ` | benefits user=${shown(b.user, handle.benefits.user)} password=${shown(b.password, handle.benefits.password)}` +
    ` branch=${handle.benefits.branch}` +
    (handle.stateFile
      ? ` | state in ${handle.stateFile} (${handle.checkouts.size} checkouts)`
      : "")
  )
}

export async function main(
  argv: string[] = process.argv.slice(2),
  env: Env = process.env
): Promise<SandboxHandle | null> {
  let config: CliConfig
  try {
    config = parseCli(argv, env)
  } catch (e) {
    if (!(e instanceof CliUsageError)) throw e
    process.stderr.write(`paylink-sandbox: ${e.message}\n\n${USAGE}`)
    process.exitCode = 2
    return null
  }
  if (config.help) {
    process.stdout.write(USAGE)
    return null
  }

  const handle = await createSandbox(config.options)
  process.stdout.write(`${describe(handle, config.options)}\n`)

  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    // A second Ctrl-C means "now": do not wait for the graceful close.
    if (stopping) process.exit(130)
    stopping = true
    process.stdout.write(`paylink sandbox: ${signal}, shutting down\n`)
    handle.close().then(
      () => process.exit(0),
      () => process.exit(1)
    )
  }
  process.on("SIGINT", stop)
  process.on("SIGTERM", stop)
  return handle
}
