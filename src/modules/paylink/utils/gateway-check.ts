/**
 * The admin's "check" of a gateway: its checkout endpoint is called WITHOUT a token at each address
 * its checkouts go to, expecting a 401 (docs/service.md §3.3). That proves the address and path answer
 * like the service, and creates no charge. It cannot prove the token: the service has no call for that.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { PaylinkClient } from "../../../lib/paylink/client"
import { DEFAULT_PATH_SEGMENTS } from "../../../lib/paylink/endpoints"
import type { Gateway, GatewayCheckResult } from "../../../types/paylink"
import * as GS from "./gateway-settings"

export async function checkGatewayTargets(
  gateway: Gateway,
  row: GS.GatewaySettingsRow | null,
  fallbacks: GS.RegisteredFallback[],
  timeoutMs: number
): Promise<GatewayCheckResult> {
  const targets = new Map<string, { baseUrl: string; segment: string }>()
  for (const f of fallbacks.length ? fallbacks : [null]) {
    const baseUrl = row?.base_url ?? f?.base_url
    const segment =
      row?.path_segment ??
      f?.path_segment ??
      DEFAULT_PATH_SEGMENTS[GS.PATH_KEY_OF[gateway]]
    if (baseUrl) targets.set(`${baseUrl} ${segment}`, { baseUrl, segment })
  }
  if (!targets.size) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `base_url: ${gateway} has no address: set base_url here or register its provider.`
    )
  }
  const results: GatewayCheckResult["targets"] = []
  const lines: string[] = []
  for (const { baseUrl, segment } of targets.values()) {
    const client = new PaylinkClient({
      baseUrl,
      timeoutMs: timeoutMs,
      connectRetries: 0,
      paths: { [GS.PATH_KEY_OF[gateway]]: segment },
    })
    const url = client.urlOf(GS.ENDPOINT_OF[gateway])
    const probe = await client.probeWithoutToken(GS.ENDPOINT_OF[gateway])
    results.push({
      url,
      reachable: probe.outcome !== "unreachable",
      status: probe.status,
    })
    lines.push(
      probe.outcome === "rejected"
        ? `${url} answered 401 without a token, as the service does.`
        : probe.outcome === "answered"
          ? `${url} answered ${probe.status ?? probe.cause} without a token, not the 401 the service gives: check base_url and path_segment.`
          : `${url} could not be reached: ${probe.cause}`
    )
  }
  const reachable = results.every((r) => r.reachable)
  const rejects = results.every((r) => r.status === 401)
  lines.push(
    "The token was not checked: the service has no call that checks a token without creating a charge."
  )
  return {
    ok: reachable && rejects,
    reachable,
    rejects_without_token: rejects,
    message: lines.join(" "),
    targets: results,
  }
}
