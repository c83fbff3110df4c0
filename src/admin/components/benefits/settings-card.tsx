import { Badge, Button, Container, Heading, Input, Label, Switch, Text, toast } from "@medusajs/ui"
import { useEffect, useState, type FormEvent } from "react"
import { useBenefitSettings, useSaveBenefitSettings, useTestBenefitConnection, type SettingsInput } from "../../lib/benefits"

/**
 * The program's credentials. The password is write-only: the API says whether one is set, and an
 * empty password field leaves the stored one as it is.
 */
export function BenefitSettingsCard() {
  const { data, isLoading } = useBenefitSettings()
  const save = useSaveBenefitSettings()
  const test = useTestBenefitConnection()
  const settings = data?.settings
  const [form, setForm] = useState({ base_url: "", user: "", password: "", branch: "", enabled: false })

  useEffect(() => {
    if (settings) {
      setForm({
        base_url: settings.base_url ?? "",
        user: settings.user ?? "",
        password: "",
        branch: settings.branch === null ? "" : String(settings.branch),
        enabled: settings.enabled,
      })
    }
  }, [settings])

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const body: SettingsInput = {
      base_url: form.base_url.trim() || null,
      user: form.user.trim() || null,
      branch: form.branch.trim() === "" ? null : Number(form.branch),
      enabled: form.enabled,
      ...(form.password ? { password: form.password } : {}),
    }
    save.mutate(body, {
      onSuccess: () => toast.success("Benefits settings saved"),
      onError: (err) => toast.error(err.message),
      // A password is never kept in the page once sent, right or wrong.
      onSettled: () => setForm((f) => ({ ...f, password: "" })),
    })
  }

  const onTest = () =>
    test.mutate(undefined, {
      onSuccess: () => toast.success("The benefits program accepted the credentials"),
      onError: (err) => toast.error(err.message),
    })

  return (
    <Container className="divide-y p-0" data-testid="benefits-settings">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">Program credentials</Heading>
        {settings?.token_set ? (
          <Badge color="green" size="2xsmall">
            Connected {settings.token_obtained_at ? new Date(settings.token_obtained_at).toLocaleString() : ""}
          </Badge>
        ) : (
          <Badge color="grey" size="2xsmall">
            Not connected
          </Badge>
        )}
      </div>
      <form onSubmit={onSubmit} className="grid grid-cols-2 gap-4 px-6 py-4">
        <div className="col-span-2 flex flex-col gap-y-1">
          <Label htmlFor="benefits-base-url">Service address</Label>
          <Input
            id="benefits-base-url"
            placeholder={settings?.effective_base_url ?? "https://…"}
            value={form.base_url}
            onChange={(e) => setForm({ ...form, base_url: e.target.value })}
          />
          <Text size="xsmall" className="text-ui-fg-subtle">
            Empty uses the plugin option baseUrl{settings?.effective_base_url ? ` (${settings.effective_base_url})` : ""}.
          </Text>
        </div>
        <div className="flex flex-col gap-y-1">
          <Label htmlFor="benefits-user">User</Label>
          <Input id="benefits-user" value={form.user} onChange={(e) => setForm({ ...form, user: e.target.value })} />
        </div>
        <div className="flex flex-col gap-y-1">
          <Label htmlFor="benefits-branch">Branch</Label>
          <Input
            id="benefits-branch"
            type="number"
            value={form.branch}
            onChange={(e) => setForm({ ...form, branch: e.target.value })}
          />
        </div>
        <div className="col-span-2 flex flex-col gap-y-1">
          <Label htmlFor="benefits-password">Password</Label>
          <Input
            id="benefits-password"
            type="password"
            autoComplete="new-password"
            placeholder={settings?.password_set ? "Set: leave empty to keep it" : "Not set"}
            value={form.password}
            onChange={(e) => setForm({ ...form, password: e.target.value })}
          />
        </div>
        <div className="col-span-2 flex items-center gap-x-2">
          <Switch
            id="benefits-enabled"
            checked={form.enabled}
            onCheckedChange={(enabled) => setForm({ ...form, enabled })}
          />
          <Label htmlFor="benefits-enabled">Offer loyalty benefits at checkout</Label>
        </div>
        <div className="col-span-2 flex justify-end gap-x-2">
          <Button type="button" variant="secondary" size="small" onClick={onTest} isLoading={test.isPending} disabled={isLoading}>
            Test connection
          </Button>
          <Button type="submit" size="small" isLoading={save.isPending} disabled={isLoading}>
            Save
          </Button>
        </div>
      </form>
    </Container>
  )
}
