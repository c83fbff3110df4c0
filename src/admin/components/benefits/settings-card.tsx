import { Badge, Button, Container, Heading, Text, toast } from "@medusajs/ui"
import { useBenefitSettings, useTestBenefitConnection } from "../../lib/benefits"
import { formatDate } from "../../lib/format"
import { SettingsDrawer } from "./settings-drawer"

const TEXT = {
  heading: "Program credentials",
  connected: (when: string | null) => `Connected ${when ? formatDate(when) : ""}`,
  notConnected: "Not connected",
  baseUrl: "Service address",
  pluginOption: (effective: string | null) => `Plugin option baseUrl${effective ? ` (${effective})` : ""}`,
  user: "User",
  branch: "Branch",
  password: "Password",
  set: "Set",
  notSet: "Not set",
  checkout: "Offered at checkout",
  yes: "Yes",
  no: "No",
  test: "Test connection",
  accepted: "The benefits program accepted the credentials",
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="text-ui-fg-subtle grid grid-cols-2 items-center px-6 py-4">
      <Text size="small" weight="plus" leading="compact">
        {label}
      </Text>
      <Text size="small" leading="compact" className="break-all">
        {value}
      </Text>
    </div>
  )
}

/** The program's credentials as saved, whether the program accepted them, and what to do with them. */
export function BenefitSettingsCard() {
  const { data, isLoading } = useBenefitSettings()
  const test = useTestBenefitConnection()
  const settings = data?.settings

  const onTest = () =>
    test.mutate(undefined, {
      onSuccess: () => toast.success(TEXT.accepted),
      onError: (err) => toast.error(err.message),
    })

  return (
    <Container className="divide-y p-0" data-testid="benefits-settings">
      <div className="flex items-center justify-between gap-x-2 px-6 py-4">
        <div className="flex items-center gap-x-2">
          <Heading level="h2">{TEXT.heading}</Heading>
          {settings?.token_set ? (
            <Badge color="green" size="2xsmall">
              {TEXT.connected(settings.token_obtained_at)}
            </Badge>
          ) : (
            <Badge color="grey" size="2xsmall">
              {TEXT.notConnected}
            </Badge>
          )}
        </div>
        <div className="flex items-center gap-x-2">
          <Button type="button" variant="secondary" size="small" onClick={onTest} isLoading={test.isPending} disabled={isLoading}>
            {TEXT.test}
          </Button>
          <SettingsDrawer settings={settings} disabled={isLoading} />
        </div>
      </div>
      <Row label={TEXT.baseUrl} value={settings?.base_url ?? TEXT.pluginOption(settings?.effective_base_url ?? null)} />
      <Row label={TEXT.user} value={settings?.user ?? "—"} />
      <Row label={TEXT.branch} value={settings?.branch == null ? "—" : String(settings.branch)} />
      <Row label={TEXT.password} value={settings?.password_set ? TEXT.set : TEXT.notSet} />
      <Row label={TEXT.checkout} value={settings?.enabled ? TEXT.yes : TEXT.no} />
    </Container>
  )
}
