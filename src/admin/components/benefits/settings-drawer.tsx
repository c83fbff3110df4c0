import { zodResolver } from "@hookform/resolvers/zod"
import {
  Button,
  Drawer,
  Hint,
  Input,
  Label,
  Switch,
  Text,
  toast,
} from "@medusajs/ui"
import { useState, type ReactNode } from "react"
import { Controller, useForm } from "react-hook-form"
import { z } from "zod"
import {
  AdminBenefitSettingsBody,
  INT32_MAX,
} from "../../../api/admin/benefits/schemas"
import type { BenefitSettingsView } from "../../../types"
import { useSaveBenefitSettings } from "../../lib/benefits"
import { SecretInput } from "../secret-input"
import { usePaylinkTranslation } from "../../lib/labels"

/** Checked by the route's own schema: an empty text is "none", an empty password keeps the stored one. */
const SettingsForm = z
  .object({
    base_url: z.string(),
    user: z.string(),
    password: z.string(),
    branch: z.string(),
    enabled: z.boolean(),
  })
  .transform((f): z.input<typeof AdminBenefitSettingsBody> => ({
    base_url: f.base_url.trim() || null,
    user: f.user.trim() || null,
    branch: f.branch.trim() === "" ? null : Number(f.branch),
    enabled: f.enabled,
    ...(f.password ? { password: f.password } : {}),
  }))
  .pipe(AdminBenefitSettingsBody)

type FormValues = z.input<typeof SettingsForm>

const valuesOf = (s: BenefitSettingsView | undefined): FormValues => ({
  base_url: s?.base_url ?? "",
  user: s?.user ?? "",
  password: "",
  branch: s?.branch == null ? "" : String(s.branch),
  enabled: s?.enabled ?? false,
})

/** Mounted while the drawer is open, so it starts from the settings as saved. */
function SettingsFields({
  settings,
  onSaved,
}: {
  settings: BenefitSettingsView | undefined
  onSaved: () => void
}) {
  const { t } = usePaylinkTranslation()
  const effective = settings?.effective_base_url
  const save = useSaveBenefitSettings()
  const form = useForm({
    resolver: zodResolver(SettingsForm),
    defaultValues: valuesOf(settings),
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => {
        toast.success(t("benefits.settingsForm.saved"))
        onSaved()
      },
      onError: (err) => toast.error(err.message),
      // A password is never kept in the page once sent, right or wrong.
      onSettled: () => form.setValue("password", ""),
    })
  )

  const field = (
    id: string,
    label: string,
    error: string | undefined,
    input: ReactNode,
    hint?: string
  ) => (
    <div className="flex flex-col gap-y-2">
      <Label htmlFor={id} weight="plus">
        {label}
      </Label>
      {input}
      {hint && (
        <Text size="xsmall" className="text-ui-fg-subtle">
          {hint}
        </Text>
      )}
      {error && <Hint variant="error">{error}</Hint>}
    </div>
  )

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-1 flex-col overflow-hidden"
    >
      <Drawer.Header>
        <Drawer.Title>{t("benefits.settings.heading")}</Drawer.Title>
        <Drawer.Description className="text-ui-fg-subtle txt-compact-small">
          {t("benefits.settingsForm.description")}
        </Drawer.Description>
      </Drawer.Header>
      <Drawer.Body className="flex flex-col gap-y-4 overflow-y-auto">
        {field(
          "benefits-base-url",
          t("benefits.settings.baseUrl"),
          errors.base_url && t("benefits.settingsForm.errors.base_url"),
          <Input
            id="benefits-base-url"
            placeholder={settings?.effective_base_url ?? "https://…"}
            {...form.register("base_url")}
          />,
          effective
            ? t("benefits.settingsForm.baseUrlHintValue", { url: effective })
            : t("benefits.settingsForm.baseUrlHint")
        )}
        {field(
          "benefits-user",
          t("benefits.settings.user"),
          errors.user?.message,
          <Input id="benefits-user" {...form.register("user")} />
        )}
        {field(
          "benefits-branch",
          t("benefits.settings.branch"),
          errors.branch &&
            t("benefits.settingsForm.errors.branch", { max: INT32_MAX }),
          <Input
            id="benefits-branch"
            type="number"
            {...form.register("branch")}
          />
        )}
        {field(
          "benefits-password",
          t("benefits.settings.password"),
          errors.password?.message,
          <SecretInput
            id="benefits-password"
            showLabel={t("benefits.settingsForm.showPassword")}
            hideLabel={t("benefits.settingsForm.hidePassword")}
            autoComplete="new-password"
            placeholder={
              settings?.password_set
                ? t("benefits.settingsForm.passwordSet")
                : t("benefits.settings.notSet")
            }
            {...form.register("password")}
          />
        )}
        <div className="flex items-center gap-x-2">
          <Controller
            control={form.control}
            name="enabled"
            render={({ field: { value, onChange } }) => (
              <Switch
                id="benefits-enabled"
                checked={value}
                onCheckedChange={onChange}
              />
            )}
          />
          <Label htmlFor="benefits-enabled">
            {t("benefits.settingsForm.enabled")}
          </Label>
        </div>
      </Drawer.Body>
      <Drawer.Footer>
        <Drawer.Close asChild>
          <Button size="small" variant="secondary" type="button">
            {t("actions.cancel")}
          </Button>
        </Drawer.Close>
        <Button size="small" type="submit" isLoading={save.isPending}>
          {t("actions.save")}
        </Button>
      </Drawer.Footer>
    </form>
  )
}

/** "Edit" on the program credentials; the password is write-only. */
export function SettingsDrawer({
  settings,
  disabled,
}: {
  settings: BenefitSettingsView | undefined
  disabled?: boolean
}) {
  const { t } = usePaylinkTranslation()
  const [open, setOpen] = useState(false)
  return (
    <Drawer open={open} onOpenChange={setOpen}>
      <Drawer.Trigger asChild>
        <Button size="small" variant="secondary" disabled={disabled}>
          {t("actions.edit")}
        </Button>
      </Drawer.Trigger>
      <Drawer.Content data-testid="benefits-settings-form">
        <SettingsFields settings={settings} onSaved={() => setOpen(false)} />
      </Drawer.Content>
    </Drawer>
  )
}
