/** What a gateway's test proved, one sentence per address, from the answer's structured fields. */
import type { TFunction } from "i18next"
import type { GatewayCheckResult } from "../../types"

export function checkTargetLine(
  t: TFunction,
  target: GatewayCheckResult["targets"][number]
): string {
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

/** The addresses that failed, in words (for a toast). */
export function failedCheckLines(
  t: TFunction,
  result: GatewayCheckResult
): string {
  return result.targets
    .filter((target) => !target.reachable || target.status !== 401)
    .map((target) => checkTargetLine(t, target))
    .join(" ")
}
