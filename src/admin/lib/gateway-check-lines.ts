/** What a gateway's test proved, one sentence per address, from the answer's structured fields. */
import type { TFunction } from "i18next"
import type { GatewayCheckResult, GatewaySettingsView } from "../../types"

type Target = GatewayCheckResult["targets"][number]

/** The address test (after a save): a call without a token, which proves nothing about the token. */
function addressLine(t: TFunction, target: Target): string {
  return !target.reachable
    ? t("gateways.check.unreachable", { url: target.url })
    : target.status === 401
      ? t("gateways.check.rejectsWithoutToken", { url: target.url })
      : target.status === null
        ? t("gateways.check.answeredNoStatus", { url: target.url })
        : t("gateways.check.answeredOther", {
            url: target.url,
            status: target.status,
          })
}

/** Test token: what the gateway said to the test link. */
function tokenLine(t: TFunction, target: Target): string {
  const url = target.url
  switch (target.outcome) {
    case "token_proven":
      return t("gateways.check.tokenProven", {
        url,
        id: target.test_link?.checkout_id ?? "",
      })
    case "token_rejected":
      return t("gateways.check.tokenRejected", { url })
    case "refused":
      return t("gateways.check.tokenRefused", {
        url,
        status: target.status,
        detail: target.detail ?? "",
      })
    case "no_token":
      return t("gateways.check.noToken", { url })
    default:
      return (
        t("gateways.check.tokenUnreachable", { url }) +
        (target.outcome_unknown ? t("gateways.check.tokenMaybeMade") : "")
      )
  }
}

export function checkTargetLine(
  t: TFunction,
  kind: GatewayCheckResult["kind"],
  target: Target
): string {
  return kind === "token" ? tokenLine(t, target) : addressLine(t, target)
}

/** The addresses that failed, in words (for a toast). */
export function failedCheckLines(
  t: TFunction,
  result: GatewayCheckResult
): string {
  return result.targets
    .filter((target) =>
      result.kind === "token"
        ? target.outcome !== "token_proven"
        : !target.reachable || target.status !== 401
    )
    .map((target) => checkTargetLine(t, result.kind, target))
    .join(" ")
}

/**
 * The badge of a test: "Passed" only for a token the gateway took; an address test that found the
 * service says exactly that the token is not yet proven. A test from before token tests (kind null)
 * tested the address only.
 */
export function checkBadge(
  check: Pick<GatewayCheckResult, "ok"> & {
    kind: GatewayCheckResult["kind"] | null
  }
): {
  color: "green" | "red" | "orange"
  key: "tokenProven" | "tokenNotProven" | "addressOnly" | "addressProblem"
} {
  if (check.kind === "token")
    return check.ok
      ? { color: "green", key: "tokenProven" }
      : { color: "red", key: "tokenNotProven" }
  return check.ok
    ? { color: "orange", key: "addressOnly" }
    : { color: "red", key: "addressProblem" }
}

export type LastCheck = NonNullable<GatewaySettingsView["last_check"]>
