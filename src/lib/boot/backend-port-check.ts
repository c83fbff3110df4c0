/**
 * A boot warning: a local backendUrl on another port than the server's sends every return to a port
 * nothing answers, and nothing says why until a customer is stranded.
 */
import type { Logger } from "@medusajs/framework/types"
import { warnAtBoot } from "./boot-check"
import { medusaCommandOf, serverPortOf } from "./medusa-cli"

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"])
const DEFAULT_PORTS: Record<string, number> = { "http:": 80, "https:": 443 }

export function backendPortMismatch(
  backendUrl: string,
  serverPort: number | null
): string | null {
  if (serverPort === null) return null
  let url: URL
  try {
    url = new URL(backendUrl)
  } catch {
    return null // The options' own check names a bad URL.
  }
  // A public address may sit behind a proxy that maps any port: nothing to compare.
  if (!LOCAL_HOSTS.has(url.hostname)) return null
  const urlPort = url.port ? Number(url.port) : DEFAULT_PORTS[url.protocol]
  if (urlPort === undefined || urlPort === serverPort) return null
  return (
    `medusa-plugin-paylink: backendUrl ${url.origin} is on port ${urlPort} but this server listens on port ${serverPort} ` +
    `(--port, else PORT, else 9000): customers coming back from a gateway would reach nothing. ` +
    `Make MEDUSA_BACKEND_URL (the providers' backendUrl) and PORT name the same port.`
  )
}

type CheckContext = {
  argv?: readonly string[]
  env?: NodeJS.ProcessEnv
  logger?: Pick<Logger, "warn">
}

/** Only for a server (`medusa start`, also what `develop` runs). */
export function warnBackendPortMismatch(
  backendUrl: string,
  { argv = process.argv, env = process.env, logger }: CheckContext = {}
) {
  // `exec`, `db:migrate` and a test runner's in-process server do not listen on that port.
  if (medusaCommandOf(argv) !== "start") return
  const text = backendPortMismatch(backendUrl, serverPortOf(argv, env))
  if (text) warnAtBoot(text, logger)
}
