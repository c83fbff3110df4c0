import {
  Badge,
  Button,
  Container,
  Heading,
  StatusBadge,
  Text,
  toast,
} from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type {
  GatewayCheckResult,
  GatewaySettingSource,
  GatewaySettingsView,
} from "../../../types"
import { PAYLINK_NS } from "../../i18n"
import { useFormat } from "../../lib/format"
import { translatedServerMessage } from "../../lib/gateway-errors"
import { checkTargetLine } from "../../lib/gateway-check-lines"
import { useCheckGateway } from "../../lib/gateways"
import { serverMessage } from "../../lib/server-errors"
import { GatewayDrawer } from "./gateway-drawer"

function Row({
  label,
  value,
  source,
  testId,
}: {
  label: string
  value: string
  source?: string
  testId: string
}) {
  return (
    <div
      className="text-ui-fg-subtle grid grid-cols-2 items-center gap-x-4 px-6 py-4"
      data-testid={testId}
    >
      <Text size="small" weight="plus" leading="compact">
        {label}
      </Text>
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <Text size="small" leading="compact" className="break-all">
          {value}
        </Text>
        {source && (
          <Badge size="2xsmall" color="grey">
            {source}
          </Badge>
        )}
      </div>
    </div>
  )
}

/** From the answer's structured fields, not its English `message`. The token cannot be checked without a charge. */
function CheckResult({ result }: { result: GatewayCheckResult }) {
  const { t } = useTranslation(PAYLINK_NS)
  const lineOf = (target: GatewayCheckResult["targets"][number]) =>
    checkTargetLine(t, target)
  return (
    <div
      className="flex flex-col gap-y-2 px-6 py-4"
      data-testid="gateway-check"
    >
      <div className="flex items-center gap-x-2">
        <Text size="small" weight="plus" leading="compact">
          {t("gateways.check.title")}
        </Text>
        <StatusBadge color={result.ok ? "green" : "red"}>
          {result.ok ? t("gateways.check.passed") : t("gateways.check.failed")}
        </StatusBadge>
      </div>
      <Text size="small" leading="compact">
        {result.ok ? t("gateways.check.ok") : t("gateways.check.notOk")}
      </Text>
      <ul className="flex list-disc flex-col gap-y-1 pl-5">
        {result.targets.map((target) => (
          <li key={target.url}>
            <Text size="small" className="text-ui-fg-subtle break-words">
              {lineOf(target)}
            </Text>
          </li>
        ))}
        <li>
          <Text size="small" className="text-ui-fg-subtle">
            {t("gateways.check.tokenNotChecked")}
          </Text>
        </li>
      </ul>
    </div>
  )
}

/** A failure stays on the card until a test passes: the gateway is still offered to shoppers meanwhile. */
function LastCheckRow({
  lastCheck,
}: {
  lastCheck: NonNullable<GatewaySettingsView["last_check"]>
}) {
  const { t } = useTranslation(PAYLINK_NS)
  const format = useFormat()
  const when = format.date(lastCheck.at)
  return (
    <div
      className="text-ui-fg-subtle grid grid-cols-2 items-center gap-x-4 px-6 py-4"
      data-testid="gateway-last-check"
    >
      <Text size="small" weight="plus" leading="compact">
        {t("gateways.fields.lastCheck")}
      </Text>
      <div className="flex min-w-0 flex-col items-start gap-y-1">
        <StatusBadge color={lastCheck.ok ? "green" : "red"}>
          {lastCheck.ok
            ? t("gateways.values.lastCheckPassed", { when })
            : t("gateways.values.lastCheckFailed", { when })}
        </StatusBadge>
        {!lastCheck.ok && (
          <Text size="small" leading="compact" className="text-ui-fg-subtle">
            {t("gateways.values.lastCheckFailedNote")}
          </Text>
        )}
      </div>
    </div>
  )
}

export function GatewayCard({ view }: { view: GatewaySettingsView }) {
  const { t } = useTranslation(PAYLINK_NS)
  const format = useFormat()
  const check = useCheckGateway(view.gateway)
  const name = t(`gateways.${view.gateway}`)
  const { token, base_url: baseUrl, path_segment: pathSegment } = view.effective

  const sourceOf = (
    source: GatewaySettingSource,
    providerLabel = t("gateways.sources.providerOption")
  ) => (source === "admin" ? t("gateways.sources.admin") : providerLabel)

  const tokenValue = !token.set
    ? t("gateways.values.tokenNotSet")
    : token.last4
      ? t("gateways.values.tokenSet", { last4: token.last4 })
      : t("gateways.values.tokenSetNoLast4")

  const onTest = () =>
    check.mutate(undefined, {
      onError: (err) =>
        toast.error(
          translatedServerMessage(
            t,
            serverMessage(err).replace(/^base_url:\s*/, "")
          )
        ),
    })

  return (
    <Container className="divide-y p-0" data-testid={`gateway-${view.gateway}`}>
      <div className="flex items-center justify-between gap-x-2 px-6 py-4">
        <div className="flex items-center gap-x-3">
          <Heading level="h2">{name}</Heading>
          <StatusBadge color={view.enabled ? "green" : "grey"}>
            {view.enabled ? t("gateways.enabled") : t("gateways.disabled")}
          </StatusBadge>
        </div>
        <div className="flex items-center gap-x-2">
          <Button
            type="button"
            size="small"
            variant="secondary"
            onClick={onTest}
            isLoading={check.isPending}
          >
            {t("gateways.actions.test")}
          </Button>
          <GatewayDrawer view={view} onSaved={() => check.reset()} />
        </div>
      </div>
      <Row
        testId="gateway-token"
        label={t("gateways.fields.token")}
        value={tokenValue}
        source={token.set ? sourceOf(token.source) : undefined}
      />
      <Row
        testId="gateway-base-url"
        label={t("gateways.fields.baseUrl")}
        value={baseUrl.value ?? t("gateways.values.unknown")}
        source={baseUrl.value ? sourceOf(baseUrl.source) : undefined}
      />
      <Row
        testId="gateway-path-segment"
        label={t("gateways.fields.pathSegment")}
        value={pathSegment.value ?? t("gateways.values.unknown")}
        source={
          pathSegment.value
            ? sourceOf(
                pathSegment.source,
                t("gateways.sources.providerOptionOrDefault")
              )
            : undefined
        }
      />
      <Row
        testId="gateway-updated"
        label={t("gateways.fields.updated")}
        value={
          view.updated_at
            ? format.date(view.updated_at)
            : t("gateways.values.neverUpdated")
        }
      />
      {view.last_check && <LastCheckRow lastCheck={view.last_check} />}
      {check.data && <CheckResult result={check.data} />}
    </Container>
  )
}
