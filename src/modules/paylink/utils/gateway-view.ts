/**
 * What a gateway's settings amount to: the values the next checkout uses (the admin's over the
 * provider's options) and what the admin is shown (never a token). Pure, like ./gateway-settings.
 */
import { DEFAULT_PATH_SEGMENTS } from "../../../lib/paylink/endpoints"
import type {
  Gateway,
  GatewaySettingSource,
  GatewaySettingsView,
} from "../../../types/paylink"
import {
  lastFour,
  PATH_KEY_OF,
  type EffectiveGatewayConfig,
  type GatewayFallback,
  type GatewaySettingsRow,
  type RegisteredFallback,
} from "./gateway-settings"

/** What the next checkout uses: each field set in the admin, else the provider's option. */
export function effectiveConfig(
  gateway: Gateway,
  row: GatewaySettingsRow | null,
  fallback: GatewayFallback,
  open: (sealed: string) => string
): EffectiveGatewayConfig {
  const source = (v: unknown): GatewaySettingSource =>
    v === null || v === undefined ? "provider_option" : "admin"
  return {
    gateway,
    enabled: row?.enabled ?? true,
    token: row?.token_sealed ? open(row.token_sealed) : fallback.token,
    baseUrl: row?.base_url ?? fallback.baseUrl,
    pathSegment:
      row?.path_segment ??
      fallback.pathSegment ??
      DEFAULT_PATH_SEGMENTS[PATH_KEY_OF[gateway]],
    version: row?.version ?? 0,
    sources: {
      token: source(row?.token_sealed),
      base_url: source(row?.base_url),
      path_segment: source(row?.path_segment),
    },
  }
}

/** What the admin may be shown of a provider's options: no token, only its last 4. */
export function registeredFallbackOf(
  gateway: Gateway,
  fallback: GatewayFallback
): RegisteredFallback {
  return {
    base_url: fallback.baseUrl,
    path_segment:
      fallback.pathSegment ?? DEFAULT_PATH_SEGMENTS[PATH_KEY_OF[gateway]],
    token_last4: lastFour(fallback.token),
  }
}

/** The provider options' values when every provider of the gateway agrees on them, else null. */
function agreed<K extends keyof RegisteredFallback>(
  fallbacks: RegisteredFallback[],
  key: K
): RegisteredFallback[K] | null {
  const values = new Set(fallbacks.map((f) => f[key]))
  return values.size === 1 ? fallbacks[0][key] : null
}

/** The admin's view of one gateway: never the token. */
export function viewOf(
  gateway: Gateway,
  row: GatewaySettingsRow | null,
  fallbacks: RegisteredFallback[]
): GatewaySettingsView {
  const tokenSet = !!row?.token_sealed
  return {
    gateway,
    token_set: tokenSet,
    token_last4: tokenSet ? (row?.token_last4 ?? null) : null,
    path_segment: row?.path_segment ?? null,
    base_url: row?.base_url ?? null,
    enabled: row?.enabled ?? true,
    renewal_orders: row?.renewal_orders ?? true,
    version: row?.version ?? 0,
    // A row only a Test wrote (version 0) was never saved: no date.
    updated_at: row && row.version > 0 ? (row.updated_at ?? null) : null,
    last_check: row?.last_check_at
      ? {
          ok: row.last_check_ok === true,
          at: row.last_check_at,
          kind: row.last_check_kind ?? null,
        }
      : null,
    test_link: row?.test_link ?? null,
    effective: {
      enabled: row?.enabled ?? true,
      token: tokenSet
        ? { source: "admin", set: true, last4: row?.token_last4 ?? null }
        : {
            source: "provider_option",
            set: fallbacks.length > 0,
            last4: agreed(fallbacks, "token_last4"),
          },
      base_url: row?.base_url
        ? { source: "admin", value: row.base_url }
        : { source: "provider_option", value: agreed(fallbacks, "base_url") },
      path_segment: row?.path_segment
        ? { source: "admin", value: row.path_segment }
        : {
            source: "provider_option",
            value: agreed(fallbacks, "path_segment"),
          },
    },
  }
}
