import { zodResolver } from "@hookform/resolvers/zod"
import {
  Button,
  FocusModal,
  Heading,
  Hint,
  Input,
  Label,
  RadioGroup,
  Select,
  Text,
  toast,
} from "@medusajs/ui"
import { useState, type ReactNode } from "react"
import { Controller, useForm } from "react-hook-form"
import { z } from "zod"
import {
  AdminCreateBenefitRule,
  BENEFIT_RULE_KINDS,
  INT32_MAX,
} from "../../../api/admin/benefits/schemas"
import {
  BENEFIT_APPLIES_TO,
  DEFAULT_BENEFIT_APPLIES_TO,
} from "../../../types/benefits"
import { useCreateBenefitRule } from "../../lib/benefits"
import { usePaylinkTranslation } from "../../lib/labels"

/** An empty number field is no number (not 0): the route's rule then says what is missing. */
const number = (s: string) => (s.trim() === "" ? NaN : Number(s))
const numberOrNull = (s: string) => (s.trim() === "" ? null : Number(s))

/** Checked by the route's own schema (AdminCreateBenefitRule). */
const RuleForm = z
  .object({
    name: z.string(),
    code: z.string(),
    kind: z.enum(BENEFIT_RULE_KINDS),
    value: z.string(),
    applies_to: z.enum(BENEFIT_APPLIES_TO),
    cap: z.string(),
    min_total: z.string(),
  })
  .transform((f): z.input<typeof AdminCreateBenefitRule> => ({
    name: f.name,
    code: number(f.code),
    kind: f.kind,
    value: number(f.value),
    applies_to: f.applies_to,
    cap: numberOrNull(f.cap),
    min_total: numberOrNull(f.min_total),
    active: true,
  }))
  .pipe(AdminCreateBenefitRule)

const EMPTY: z.input<typeof RuleForm> = {
  name: "",
  code: "",
  kind: "percentage",
  value: "",
  applies_to: DEFAULT_BENEFIT_APPLIES_TO,
  cap: "",
  min_total: "",
}

/** "Add benefit": a new rule, active at once. */
export function RuleCreateModal() {
  const { t } = usePaylinkTranslation()
  const [open, setOpen] = useState(false)
  const create = useCreateBenefitRule()
  const form = useForm({
    resolver: zodResolver(RuleForm),
    defaultValues: EMPTY,
  })
  const { errors } = form.formState
  const kind = form.watch("kind")

  const onOpenChange = (next: boolean) => {
    setOpen(next)
    if (!next) {
      form.reset(EMPTY)
    }
  }

  const onSubmit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: () => {
        toast.success(t("benefits.ruleForm.created", { name: body.name }))
        onOpenChange(false)
      },
      onError: (err) => toast.error(err.message),
    })
  )

  const field = (
    id: string,
    label: string,
    error: string | undefined,
    input: ReactNode,
    wide = false
  ) => (
    <div className={`flex flex-col gap-y-2 ${wide ? "col-span-2" : ""}`}>
      <Label htmlFor={id} weight="plus">
        {label}
      </Label>
      {input}
      {error && <Hint variant="error">{error}</Hint>}
    </div>
  )

  return (
    <FocusModal open={open} onOpenChange={onOpenChange}>
      <FocusModal.Trigger asChild>
        <Button size="small" variant="secondary">
          {t("benefits.ruleForm.open")}
        </Button>
      </FocusModal.Trigger>
      <FocusModal.Content>
        <form
          onSubmit={onSubmit}
          noValidate
          className="flex h-full flex-col overflow-hidden"
          data-testid="benefits-rule-form"
        >
          <FocusModal.Header />
          <FocusModal.Body className="flex flex-1 flex-col items-center overflow-y-auto py-16">
            <div className="flex w-full max-w-[720px] flex-col gap-y-8 px-2">
              <div>
                <FocusModal.Title asChild>
                  <Heading>{t("benefits.ruleForm.title")}</Heading>
                </FocusModal.Title>
                <FocusModal.Description asChild>
                  <Text size="small" className="text-ui-fg-subtle">
                    {t("benefits.ruleForm.description")}
                  </Text>
                </FocusModal.Description>
              </div>
              <div className="grid grid-cols-2 gap-4">
                {field(
                  "rule-name",
                  t("benefits.rules.name"),
                  errors.name && t("benefits.ruleForm.errors.name"),
                  <Input id="rule-name" {...form.register("name")} />,
                  true
                )}
                {field(
                  "rule-code",
                  t("benefits.rules.code"),
                  errors.code &&
                    t("benefits.ruleForm.errors.code", { max: INT32_MAX }),
                  <Input
                    id="rule-code"
                    type="number"
                    {...form.register("code")}
                  />
                )}
                <div className="flex flex-col gap-y-2">
                  <Label weight="plus">{t("benefits.ruleForm.kind")}</Label>
                  <Controller
                    control={form.control}
                    name="kind"
                    render={({ field: { value, onChange } }) => (
                      <Select value={value} onValueChange={onChange}>
                        <Select.Trigger
                          aria-label={t("benefits.ruleForm.kind")}
                        >
                          <Select.Value />
                        </Select.Trigger>
                        <Select.Content>
                          {BENEFIT_RULE_KINDS.map((k) => (
                            <Select.Item key={k} value={k}>
                              {t(`benefits.ruleForm.kinds.${k}`)}
                            </Select.Item>
                          ))}
                        </Select.Content>
                      </Select>
                    )}
                  />
                </div>
                {field(
                  "rule-value",
                  kind === "percentage"
                    ? t("benefits.ruleForm.percent")
                    : t("benefits.ruleForm.amount"),
                  errors.value &&
                    t(
                      kind === "percentage"
                        ? "benefits.ruleForm.errors.percentage"
                        : "benefits.ruleForm.errors.fixed"
                    ),
                  <Input
                    id="rule-value"
                    type="number"
                    step="0.01"
                    {...form.register("value")}
                  />
                )}
                {kind === "percentage" && (
                  <div
                    className="col-span-2 flex flex-col gap-y-2"
                    data-testid="benefits-rule-applies-to"
                  >
                    <Label id="rule-applies-to" weight="plus">
                      {t("benefits.ruleForm.appliesTo")}
                    </Label>
                    <Controller
                      control={form.control}
                      name="applies_to"
                      render={({ field: { value, onChange } }) => (
                        <RadioGroup
                          value={value}
                          onValueChange={onChange}
                          aria-labelledby="rule-applies-to"
                          className="grid grid-cols-2 gap-3"
                        >
                          {BENEFIT_APPLIES_TO.map((a) => (
                            <RadioGroup.ChoiceBox
                              key={a}
                              value={a}
                              label={t(
                                `benefits.ruleForm.appliesToOptions.${a}.label`
                              )}
                              description={t(
                                `benefits.ruleForm.appliesToOptions.${a}.description`
                              )}
                            />
                          ))}
                        </RadioGroup>
                      )}
                    />
                  </div>
                )}
                {field(
                  "rule-cap",
                  t("benefits.ruleForm.cap"),
                  errors.cap && t("benefits.ruleForm.errors.money"),
                  <Input
                    id="rule-cap"
                    type="number"
                    step="0.01"
                    {...form.register("cap")}
                  />
                )}
                {field(
                  "rule-min",
                  t("benefits.ruleForm.minTotal"),
                  errors.min_total && t("benefits.ruleForm.errors.money"),
                  <Input
                    id="rule-min"
                    type="number"
                    step="0.01"
                    {...form.register("min_total")}
                  />,
                  true
                )}
              </div>
            </div>
          </FocusModal.Body>
          <FocusModal.Footer>
            <FocusModal.Close asChild>
              <Button size="small" variant="secondary" type="button">
                {t("actions.cancel")}
              </Button>
            </FocusModal.Close>
            <Button size="small" type="submit" isLoading={create.isPending}>
              {t("actions.create")}
            </Button>
          </FocusModal.Footer>
        </form>
      </FocusModal.Content>
    </FocusModal>
  )
}
