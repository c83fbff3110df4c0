import { Badge, Button, Container, Heading, Text, toast } from "@medusajs/ui"
import {
  useBenefitSettings,
  useTestBenefitConnection,
} from "../../lib/benefits"
import { useFormat } from "../../lib/format"
import { usePaylinkTranslation } from "../../lib/labels"
import { DetailRow } from "../detail-row"
import { SettingsDrawer } from "./settings-drawer"

/** The program's credentials as saved, whether the program accepted them, and what to do with them. */
export function BenefitSettingsCard() {
  const { t } = usePaylinkTranslation()
  const format = useFormat()
  const { data, isLoading } = useBenefitSettings()
  const test = useTestBenefitConnection()
  const settings = data?.settings

  const onTest = () =>
    test.mutate(undefined, {
      // Only the credentials are proven: the toast says what was not tested.
      onSuccess: () =>
        toast.success(t("benefits.settings.accepted"), {
          description: t("benefits.settings.acceptedNotProved"),
        }),
      onError: (err) => toast.error(err.message),
    })

  const effective = settings?.effective_base_url
  const rows: [string, string][] = [
    [
      t("benefits.settings.baseUrl"),
      settings?.base_url ??
        (effective
          ? t("benefits.settings.pluginOptionValue", { url: effective })
          : t("benefits.settings.pluginOption")),
    ],
    [t("benefits.settings.user"), settings?.user ?? "—"],
    [
      t("benefits.settings.branch"),
      settings?.branch == null ? "—" : String(settings.branch),
    ],
    [
      t("benefits.settings.password"),
      settings?.password_set
        ? t("benefits.settings.set")
        : t("benefits.settings.notSet"),
    ],
    [
      t("benefits.settings.checkout"),
      settings?.enabled
        ? t("benefits.settings.yes")
        : t("benefits.settings.no"),
    ],
  ]

  return (
    <Container className="divide-y p-0" data-testid="benefits-settings">
      <div className="flex items-center justify-between gap-x-2 px-6 py-4">
        <div className="flex items-center gap-x-2">
          <Heading level="h2">{t("benefits.settings.heading")}</Heading>
          {settings?.token_set ? (
            <Badge color="green" size="2xsmall">
              {settings.token_obtained_at
                ? t("benefits.settings.connectedAt", {
                    when: format.date(settings.token_obtained_at),
                  })
                : t("benefits.settings.connected")}
            </Badge>
          ) : (
            <Badge color="grey" size="2xsmall">
              {t("benefits.settings.notConnected")}
            </Badge>
          )}
        </div>
        <div className="flex items-center gap-x-2">
          <Button
            type="button"
            variant="secondary"
            size="small"
            onClick={onTest}
            isLoading={test.isPending}
            disabled={isLoading}
          >
            {t("benefits.settings.test")}
          </Button>
          <SettingsDrawer settings={settings} disabled={isLoading} />
        </div>
      </div>
      {rows.map(([label, value]) => (
        <DetailRow key={label} label={label} className="items-center px-6 py-4">
          <span className="break-all">{value}</span>
        </DetailRow>
      ))}
      <div className="px-6 py-4" data-testid="benefits-test-proves">
        <Text size="small" className="text-ui-fg-subtle">
          {t("benefits.settings.testProves")}
        </Text>
      </div>
    </Container>
  )
}
