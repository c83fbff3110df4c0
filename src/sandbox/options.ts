/**
 * Option defaults and checks. A wrong option throws at start-up, where the mistake is obvious,
 * rather than surfacing later as a 404 or 401 the developer has to decode.
 */
import path from "node:path"
import {
  ENDPOINTS,
  endpointPath,
  resolvePathSegments,
  type EndpointName,
  type PathSegments,
} from "../lib/paylink/endpoints"
import { GATEWAY_PATHS } from "../lib/paylink/gateways"
import type {
  BenefitsCredentials,
  SandboxOptions,
  SandboxTokens,
} from "./types"

/** Public fakes, one per gateway: "sandbox-token-a" for gateway A (and its subscription). */
export const DEFAULT_TOKENS: Readonly<SandboxTokens> = Object.fromEntries(
  GATEWAY_PATHS.map((p) => [p.key, `sandbox-token-${p.letter.toLowerCase()}`])
) as SandboxTokens

export const DEFAULT_BENEFITS: Readonly<BenefitsCredentials> = {
  user: "sandbox",
  password: "sandbox-password",
  branch: 1,
}

export const DEFAULT_HOST = "127.0.0.1"
export const DEFAULT_CHECKOUT_TTL_MINUTES = 60

export type SandboxConfig = {
  port: number
  host: string
  /** Without a trailing slash; null means "derive from the listening address". */
  publicUrl: string | null
  paths: PathSegments
  tokens: SandboxTokens
  benefits: BenefitsCredentials
  checkoutTtlMs: number
  /** Absolute path of the state file, or null. */
  stateFile: string | null
  /** Full path of each endpoint, e.g. "/pay/v2/gateway_a/checkouts/hosted/single". */
  endpointPaths: Record<EndpointName, string>
}

export function resolveConfig(options: SandboxOptions = {}): SandboxConfig {
  const port = options.port ?? 0
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new TypeError(
      `sandbox: port must be an integer from 0 to 65535, got ${String(options.port)}`
    )
  }
  const host = options.host ?? DEFAULT_HOST
  if (!host) throw new TypeError("sandbox: host must not be empty")

  let publicUrl: string | null = null
  if (options.publicUrl !== undefined) {
    let parsed: URL
    try {
      parsed = new URL(options.publicUrl)
    } catch {
      throw new TypeError(
        `sandbox: publicUrl must be an absolute URL, got ${options.publicUrl}`
      )
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
      throw new TypeError(
        `sandbox: publicUrl must be http or https, got ${options.publicUrl}`
      )
    }
    publicUrl = options.publicUrl.replace(/\/+$/, "")
  }

  const paths = resolvePathSegments(options.paths, "sandbox")

  const tokens: SandboxTokens = {
    ...DEFAULT_TOKENS,
    ...definedOnly(options.tokens),
  }
  for (const [key, value] of Object.entries(tokens)) {
    if (typeof value !== "string" || value.length === 0)
      throw new TypeError(`sandbox: tokens.${key} must not be empty`)
  }

  const benefits: BenefitsCredentials = {
    ...DEFAULT_BENEFITS,
    ...definedOnly(options.benefits),
  }
  if (!benefits.user || !benefits.password)
    throw new TypeError(
      "sandbox: benefits.user and benefits.password must not be empty"
    )
  if (!Number.isInteger(benefits.branch))
    throw new TypeError("sandbox: benefits.branch must be an integer")

  const ttl = options.checkoutTtlMinutes ?? DEFAULT_CHECKOUT_TTL_MINUTES
  if (!(typeof ttl === "number" && Number.isFinite(ttl) && ttl > 0)) {
    throw new TypeError(
      `sandbox: checkoutTtlMinutes must be a positive number, got ${String(ttl)}`
    )
  }

  if (options.now !== undefined && typeof options.now !== "function") {
    throw new TypeError("sandbox: now must be a function returning a Date")
  }

  if (
    options.stateFile !== undefined &&
    (typeof options.stateFile !== "string" || options.stateFile.trim() === "")
  ) {
    throw new TypeError(
      `sandbox: stateFile must be a file path, got ${JSON.stringify(options.stateFile)}`
    )
  }
  const stateFile =
    options.stateFile === undefined ? null : path.resolve(options.stateFile)

  const endpointPaths = {} as Record<EndpointName, string>
  const seen = new Map<string, EndpointName>()
  for (const e of Object.values(ENDPOINTS)) {
    const path = endpointPath(e.name, paths)
    const clash = seen.get(path)
    // Two gateways on one segment would make one of them unreachable.
    if (clash)
      throw new TypeError(
        `sandbox: endpoints ${clash} and ${e.name} resolve to the same path ${path}`
      )
    seen.set(path, e.name)
    endpointPaths[e.name] = path
  }

  return {
    port,
    host,
    publicUrl,
    paths,
    tokens,
    benefits,
    checkoutTtlMs: Math.round(ttl * 60_000),
    stateFile,
    endpointPaths,
  }
}

/** `{ a: undefined }` must not override a default when spread. */
function definedOnly<T extends object>(o: Partial<T> | undefined): Partial<T> {
  if (!o) return {}
  return Object.fromEntries(
    Object.entries(o).filter(([, v]) => v !== undefined)
  ) as Partial<T>
}

/** The address a browser can reach the sandbox on, given where it listens. */
export function listeningUrl(host: string, port: number): string {
  // A wildcard address is not something a browser can open; loopback is what the developer means.
  const reachable =
    host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host
  const shown = reachable.includes(":") ? `[${reachable}]` : reachable
  return `http://${shown}:${port}`
}
