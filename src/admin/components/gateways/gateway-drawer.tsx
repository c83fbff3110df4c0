import { zodResolver } from "@hookform/resolvers/zod"
import {
  Button,
  Checkbox,
  Drawer,
  Hint,
  Input,
  Label,
  Switch,
  Text,
  toast,
  usePrompt,
} from "@medusajs/ui"
import { useState } from "react"
import { Controller, useForm } from "react-hook-form"
import { useTranslation } from "react-i18next"
import { z } from "zod"
import { AdminGatewaySettingsBody } from "../../../api/admin/paylink/schemas"
import { gatewayDefinition } from "../../../lib/paylink/gateways"
import type { GatewaySettingsView } from "../../../types"
import { PAYLINK_NS } from "../../i18n"
import { failedCheckLines } from "../../lib/gateway-check-lines"
import {
  gatewayFieldMessage,
  gatewaySaveError,
  type GatewayField,
} from "../../lib/gateway-errors"
import { useSaveGatewaySettings } from "../../lib/gateways"
import { FormField, invalidProps } from "../form-field"
import { SecretInput } from "../secret-input"

/**
 * Checked by the route's own schema before sending: an empty address or segment goes back to the
 * provider's option (null), an empty token keeps the stored one, "clear token" sends null.
 * `renewal_orders` is sent for the subscription gateway only (the others have no renewals).
 */
const GatewayForm = z
  .object({
    token: z.string(),
    clear_token: z.boolean(),
    base_url: z.string(),
    path_segment: z.string(),
    enabled: z.boolean(),
    renewal_orders: z.boolean().optional(),
  })
  .transform((f): z.input<typeof AdminGatewaySettingsBody> => ({
    base_url: f.base_url.trim() || null,
    path_segment: f.path_segment.trim() || null,
    enabled: f.enabled,
    ...(f.clear_token ? { token: null } : f.token ? { token: f.token } : {}),
    ...(f.renewal_orders === undefined
      ? {}
      : { renewal_orders: f.renewal_orders }),
  }))
  .pipe(AdminGatewaySettingsBody)

type FormValues = z.input<typeof GatewayForm>

/** The gateway that charges again every period: its renewals may become orders. */
const hasRenewals = (g: GatewaySettingsView) =>
  gatewayDefinition(g.gateway).recurring

const valuesOf = (g: GatewaySettingsView): FormValues => ({
  token: "",
  clear_token: false,
  base_url: g.base_url ?? "",
  path_segment: g.path_segment ?? "",
  enabled: g.enabled,
  ...(hasRenewals(g) ? { renewal_orders: g.renewal_orders ?? true } : {}),
})

/** Mounted while the drawer is open, so it starts from the settings as saved. */
function GatewayFields({
  view,
  onSaved,
}: {
  view: GatewaySettingsView
  onSaved: () => void
}) {
  const { t } = useTranslation(PAYLINK_NS)
  const prompt = usePrompt()
  const save = useSaveGatewaySettings(view.gateway)
  const form = useForm({
    resolver: zodResolver(GatewayForm),
    defaultValues: valuesOf(view),
  })
  const { errors } = form.formState
  // The schema's rules arrive as "field: rule" in English; a server's refusal is translated already.
  const errorOf = (field: GatewayField) => {
    const message = errors[field]?.message
    return message ? gatewayFieldMessage(t, message) : undefined
  }
  const clearToken = form.watch("clear_token")
  const name = t(`gateways.${view.gateway}`)
  const id = (field: string) => `gateway-${field}`

  const onSubmit = form.handleSubmit(async (body) => {
    if (view.enabled && body.enabled === false) {
      const confirmed = await prompt({
        title: t("gateways.form.disableTitle", { gateway: name }),
        description: t("gateways.form.disableDescription", { gateway: name }),
        confirmText: t("gateways.form.disableConfirm"),
        cancelText: t("gateways.actions.cancel"),
      })
      if (!confirmed) return
    }
    save.mutate(body, {
      onSuccess: ({ changed, check }) => {
        if (!changed) {
          toast.info(t("gateways.form.nothingChanged", { gateway: name }))
        } else if (check && !check.ok) {
          // Saved all the same: the merchant may be fixing the other end. The card keeps the failure.
          toast.warning(
            t("gateways.form.savedCheckFailed", { gateway: name }),
            { description: failedCheckLines(t, check) }
          )
        } else {
          // The save's test sends no token: it never says the token passed.
          toast.success(t("gateways.form.saved", { gateway: name }), {
            description: check
              ? t("gateways.form.savedAddressOnly")
              : undefined,
          })
        }
        onSaved()
      },
      onError: (err) => {
        const problem = gatewaySaveError(t, err)
        problem.fields.forEach(({ field, message }, i) =>
          form.setError(
            field,
            { type: "server", message },
            { shouldFocus: i === 0 && field !== "enabled" }
          )
        )
        if (problem.message) {
          toast.error(problem.message)
        }
      },
      // A token is never kept in the page once sent, accepted or not.
      onSettled: () => form.setValue("token", ""),
    })
  })

  const providerValue = (value: string | null) =>
    value ?? t("gateways.form.providerValueUnknown")
  const baseUrl = view.effective.base_url
  const pathSegment = view.effective.path_segment
  const tokenPlaceholder = view.token_set
    ? view.token_last4
      ? t("gateways.form.tokenPlaceholderSet", { last4: view.token_last4 })
      : t("gateways.form.tokenPlaceholderSetNoLast4")
    : t("gateways.form.tokenPlaceholderNotSet")

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-1 flex-col overflow-hidden"
    >
      <Drawer.Header>
        <Drawer.Title>
          {t("gateways.form.title", { gateway: name })}
        </Drawer.Title>
        <Drawer.Description className="text-ui-fg-subtle txt-compact-small">
          {t("gateways.form.description")}
        </Drawer.Description>
      </Drawer.Header>
      <Drawer.Body className="flex flex-col gap-y-4 overflow-y-auto">
        <FormField
          id={id("token")}
          label={t("gateways.form.tokenLabel")}
          error={errorOf("token")}
          hint={t("gateways.form.tokenHint")}
        >
          <SecretInput
            id={id("token")}
            showLabel={t("gateways.form.showToken")}
            hideLabel={t("gateways.form.hideToken")}
            autoComplete="new-password"
            placeholder={tokenPlaceholder}
            disabled={clearToken}
            {...invalidProps(id("token"), errorOf("token"))}
            {...form.register("token")}
          />
        </FormField>
        {view.token_set && (
          <div className="flex items-center gap-x-2">
            <Controller
              control={form.control}
              name="clear_token"
              render={({ field: { value, onChange } }) => (
                <Checkbox
                  id={id("clear-token")}
                  checked={value}
                  onCheckedChange={(checked) => {
                    onChange(checked === true)
                    if (checked === true) form.setValue("token", "")
                  }}
                />
              )}
            />
            <Label htmlFor={id("clear-token")} size="small">
              {t("gateways.form.clearToken")}
            </Label>
          </div>
        )}
        <FormField
          id={id("base-url")}
          label={t("gateways.form.baseUrlLabel")}
          error={errorOf("base_url")}
          hint={
            baseUrl.source === "admin"
              ? t("gateways.form.baseUrlHintAdmin")
              : t("gateways.form.baseUrlHint", {
                  value: providerValue(baseUrl.value),
                })
          }
        >
          <Input
            id={id("base-url")}
            placeholder={
              baseUrl.source === "provider_option" && baseUrl.value
                ? baseUrl.value
                : "https://…"
            }
            {...invalidProps(id("base-url"), errorOf("base_url"))}
            {...form.register("base_url")}
          />
        </FormField>
        <FormField
          id={id("path-segment")}
          label={t("gateways.form.pathSegmentLabel")}
          error={errorOf("path_segment")}
          hint={
            pathSegment.source === "admin"
              ? t("gateways.form.pathSegmentHintAdmin")
              : t("gateways.form.pathSegmentHint", {
                  value: providerValue(pathSegment.value),
                })
          }
        >
          <Input
            id={id("path-segment")}
            placeholder={
              pathSegment.source === "provider_option" && pathSegment.value
                ? pathSegment.value
                : undefined
            }
            {...invalidProps(id("path-segment"), errorOf("path_segment"))}
            {...form.register("path_segment")}
          />
        </FormField>
        <div className="flex flex-col gap-y-2">
          <div className="flex items-center gap-x-2">
            <Controller
              control={form.control}
              name="enabled"
              render={({ field: { value, onChange } }) => (
                <Switch
                  id={id("enabled")}
                  checked={value}
                  onCheckedChange={onChange}
                />
              )}
            />
            <Label htmlFor={id("enabled")}>
              {t("gateways.form.enabledLabel")}
            </Label>
          </div>
          {errorOf("enabled") && (
            <Hint variant="error">{errorOf("enabled")}</Hint>
          )}
        </div>
        {hasRenewals(view) && (
          <div className="flex flex-col gap-y-1">
            <div className="flex items-center gap-x-2">
              <Controller
                control={form.control}
                name="renewal_orders"
                render={({ field: { value, onChange } }) => (
                  <Switch
                    id={id("renewal-orders")}
                    checked={value ?? true}
                    onCheckedChange={onChange}
                    aria-describedby={id("renewal-orders-hint")}
                  />
                )}
              />
              <Label htmlFor={id("renewal-orders")}>
                {t("gateways.form.renewalOrdersLabel")}
              </Label>
            </div>
            <Text
              size="xsmall"
              className="text-ui-fg-subtle"
              id={id("renewal-orders-hint")}
            >
              {t("gateways.form.renewalOrdersHint")}
            </Text>
          </div>
        )}
      </Drawer.Body>
      <Drawer.Footer>
        <Drawer.Close asChild>
          <Button size="small" variant="secondary" type="button">
            {t("gateways.actions.cancel")}
          </Button>
        </Drawer.Close>
        <Button size="small" type="submit" isLoading={save.isPending}>
          {t("gateways.actions.save")}
        </Button>
      </Drawer.Footer>
    </form>
  )
}

/** "Edit" on one gateway's credentials; the token is write-only. */
export function GatewayDrawer({
  view,
  onSaved,
}: {
  view: GatewaySettingsView
  onSaved?: () => void
}) {
  const { t } = useTranslation(PAYLINK_NS)
  const [open, setOpen] = useState(false)
  return (
    <Drawer open={open} onOpenChange={setOpen}>
      <Drawer.Trigger asChild>
        <Button size="small" variant="secondary">
          {t("gateways.actions.edit")}
        </Button>
      </Drawer.Trigger>
      <Drawer.Content data-testid={`gateway-form-${view.gateway}`}>
        <GatewayFields
          view={view}
          onSaved={() => {
            setOpen(false)
            onSaved?.()
          }}
        />
      </Drawer.Content>
    </Drawer>
  )
}
