import {
  Badge,
  Button,
  Container,
  Heading,
  StatusBadge,
  Text,
  toast,
  Tooltip,
  usePrompt,
} from "@medusajs/ui"
import { InformationCircleSolid } from "@medusajs/icons"
import { useTranslation } from "react-i18next"
import type {
  GatewayCheckResult,
  GatewaySettingSource,
  GatewaySettingsView,
} from "../../../types"
import { PAYLINK_NS } from "../../i18n"
import { useFormat } from "../../lib/format"
import { translatedServerMessage } from "../../lib/gateway-errors"
import {
  checkBadge,
  checkTargetLine,
  type LastCheck,
} from "../../lib/gateway-check-lines"
import {
  CONNECTION_TEST_CURRENCY,
  CONNECTION_TEST_DESCRIPTION,
  connectionTestCents,
} from "../../../lib/paylink/connection-test"
import { useCheckGateway } from "../../lib/gateways"
import { serverMessage } from "../../lib/server-errors"
import { GatewayDrawer } from "./gateway-drawer"

/** A label with the technical name behind it in a tooltip, where a developer looks for it. */
function Label({ label, help }: { label: string; help?: string }) {
  return (
    <div className="flex items-center gap-x-1">
      <Text size="small" weight="plus" leading="compact">
        {label}
      </Text>
      {help && (
        <Tooltip content={help}>
          <InformationCircleSolid className="text-ui-fg-muted" />
        </Tooltip>
      )}
    </div>
  )
}

function Row({
  label,
  help,
  value,
  source,
  sourceHelp,
  testId,
}: {
  label: string
  help?: string
  value: string
  source?: string
  sourceHelp?: string
  testId: string
}) {
  return (
    <div
      className="text-ui-fg-subtle grid grid-cols-2 items-center gap-x-4 px-6 py-4"
      data-testid={testId}
    >
      <Label label={label} help={help} />
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <Text size="small" leading="compact" className="break-all">
          {value}
        </Text>
        {source &&
          (sourceHelp ? (
            <Tooltip content={sourceHelp}>
              <Badge size="2xsmall" color="grey">
                {source}
              </Badge>
            </Tooltip>
          ) : (
            <Badge size="2xsmall" color="grey">
              {source}
            </Badge>
          ))}
      </div>
    </div>
  )
}

/** From the answer's structured fields, not its English `message`. "Passed" only for a proven token. */
function CheckResult({ result }: { result: GatewayCheckResult }) {
  const { t } = useTranslation(PAYLINK_NS)
  const badge = checkBadge(result)
  const title =
    result.kind === "token"
      ? result.ok
        ? t("gateways.check.passed")
        : t("gateways.check.failed")
      : result.ok
        ? t("gateways.check.addressOk")
        : t("gateways.check.addressProblem")
  return (
    <div
      className="flex flex-col gap-y-2 px-6 py-4"
      data-testid="gateway-check"
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Text size="small" weight="plus" leading="compact">
          {t("gateways.check.title")}
        </Text>
        <StatusBadge color={badge.color}>{title}</StatusBadge>
      </div>
      <ul className="flex list-disc flex-col gap-y-1 pl-5">
        {result.targets.map((target) => (
          <li key={target.url}>
            <Text size="small" className="text-ui-fg-subtle break-words">
              {checkTargetLine(t, result.kind, target)}
            </Text>
          </li>
        ))}
        {result.kind === "address" && (
          <li>
            <Text size="small" className="text-ui-fg-subtle">
              {t("gateways.check.addressTokenNotProven")}
            </Text>
          </li>
        )}
      </ul>
    </div>
  )
}

/** A failure stays on the card until a test passes: the gateway is still offered to shoppers meanwhile. */
function LastCheckRow({ lastCheck }: { lastCheck: LastCheck }) {
  const { t } = useTranslation(PAYLINK_NS)
  const format = useFormat()
  const when = format.date(lastCheck.at)
  const badge = checkBadge(lastCheck)
  return (
    <div
      className="text-ui-fg-subtle grid grid-cols-2 items-center gap-x-4 px-6 py-4"
      data-testid="gateway-last-check"
    >
      <Label label={t("gateways.fields.lastCheck")} />
      <div className="flex min-w-0 flex-col items-start gap-y-1">
        <StatusBadge color={badge.color}>
          {t(`gateways.values.${badge.key}`)}
        </StatusBadge>
        <Text size="small" leading="compact">
          {when}
        </Text>
        {badge.color === "red" && (
          <Text size="small" leading="compact" className="text-ui-fg-subtle">
            {t("gateways.values.lastCheckFailedNote")}
          </Text>
        )}
      </div>
    </div>
  )
}

/** The unpaid link the last Test token made: for the merchant to find it in the gateway's dashboard. */
function TestLinkRow({
  link,
}: {
  link: NonNullable<GatewaySettingsView["test_link"]>
}) {
  const { t } = useTranslation(PAYLINK_NS)
  const format = useFormat()
  return (
    <div
      className="text-ui-fg-subtle grid grid-cols-2 items-start gap-x-4 px-6 py-4"
      data-testid="gateway-test-link"
    >
      <Label label={t("gateways.fields.testLink")} />
      <div className="flex min-w-0 flex-col gap-y-1">
        <Text size="small" leading="compact" className="break-words">
          {t("gateways.values.testLinkLine", {
            amount: format.amount({
              amount: Number(link.amount),
              currency_code: link.currency,
            }),
            description: link.description,
            when: format.date(link.created_at),
            number: link.number,
          })}
        </Text>
        <Text size="small" leading="compact" className="break-words">
          {t("gateways.values.testLinkNote")}
        </Text>
        <Text size="small" leading="compact" className="break-all">
          {link.checkout_id}
        </Text>
      </div>
    </div>
  )
}

export function GatewayCard({ view }: { view: GatewaySettingsView }) {
  const { t } = useTranslation(PAYLINK_NS)
  const format = useFormat()
  const check = useCheckGateway(view.gateway)
  const prompt = usePrompt()
  const name = t(`gateways.${view.gateway}`)
  const { token, base_url: baseUrl, path_segment: pathSegment } = view.effective

  const sourceOf = (source: GatewaySettingSource) =>
    source === "admin"
      ? t("gateways.sources.admin")
      : t("gateways.sources.providerOption")
  const sourceHelp = (source: GatewaySettingSource) =>
    source === "admin" ? undefined : t("gateways.sources.providerOptionHelp")

  const tokenValue = !token.set
    ? t("gateways.values.tokenNotSet")
    : token.last4
      ? t("gateways.values.tokenSet", { last4: token.last4 })
      : t("gateways.values.tokenSetNoLast4")

  // Said before it runs: the test makes a real link (the service has no other proof of a token).
  const onTest = async () => {
    const confirmed = await prompt({
      title: t("gateways.testPrompt.title", { gateway: name }),
      description: t("gateways.testPrompt.description", {
        gateway: name,
        amount: format.amount({
          amount: Number(connectionTestCents(view.gateway)) / 100,
          currency_code: CONNECTION_TEST_CURRENCY,
        }),
        description: CONNECTION_TEST_DESCRIPTION.es,
        lifetime: t(`gateways.testPrompt.lifetime.${view.gateway}`),
      }),
      confirmText: t("gateways.testPrompt.confirm"),
      cancelText: t("gateways.actions.cancel"),
      variant: "confirmation",
    })
    if (!confirmed) return
    check.mutate(undefined, {
      onError: (err) =>
        toast.error(
          translatedServerMessage(
            t,
            serverMessage(err).replace(/^base_url:\s*/, "")
          )
        ),
    })
  }

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
        help={t("gateways.fields.tokenHelp")}
        value={tokenValue}
        source={token.set ? sourceOf(token.source) : undefined}
        sourceHelp={sourceHelp(token.source)}
      />
      <Row
        testId="gateway-base-url"
        label={t("gateways.fields.baseUrl")}
        help={t("gateways.fields.baseUrlHelp")}
        value={baseUrl.value ?? t("gateways.values.unknown")}
        source={baseUrl.value ? sourceOf(baseUrl.source) : undefined}
        sourceHelp={sourceHelp(baseUrl.source)}
      />
      <Row
        testId="gateway-path-segment"
        label={t("gateways.fields.pathSegment")}
        help={t("gateways.fields.pathSegmentHelp")}
        value={pathSegment.value ?? t("gateways.values.unknown")}
        source={pathSegment.value ? sourceOf(pathSegment.source) : undefined}
        sourceHelp={sourceHelp(pathSegment.source)}
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
      {view.test_link && <TestLinkRow link={view.test_link} />}
      {check.data && <CheckResult result={check.data} />}
    </Container>
  )
}
