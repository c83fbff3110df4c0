import { Button, Container, Heading, Input, Label, Select, Switch, Table, Text, toast, usePrompt } from "@medusajs/ui"
import { useState, type FormEvent } from "react"
import {
  describeRule,
  useBenefitRules,
  useCreateBenefitRule,
  useDeleteBenefitRule,
  useUpdateBenefitRule,
  type BenefitRule,
} from "../../lib/benefits"

const EMPTY = { name: "", code: "", kind: "percentage" as BenefitRule["kind"], value: "", cap: "", min_total: "" }
const numberOrNull = (s: string) => (s.trim() === "" ? null : Number(s))

/** The merchant's benefit rules: what each program code takes off a cart. */
export function BenefitRulesCard() {
  const { data, error } = useBenefitRules()
  const create = useCreateBenefitRule()
  const update = useUpdateBenefitRule()
  const remove = useDeleteBenefitRule()
  const prompt = usePrompt()
  const [form, setForm] = useState(EMPTY)

  const onCreate = (e: FormEvent) => {
    e.preventDefault()
    create.mutate(
      {
        name: form.name.trim(),
        code: Number(form.code),
        kind: form.kind,
        value: Number(form.value),
        cap: numberOrNull(form.cap),
        min_total: numberOrNull(form.min_total),
        active: true,
      },
      {
        onSuccess: () => {
          toast.success(`Benefit "${form.name.trim()}" created`)
          setForm(EMPTY)
        },
        onError: (err) => toast.error(err.message),
      }
    )
  }

  const onDelete = async (rule: BenefitRule) => {
    if (await prompt({ title: `Delete benefit "${rule.name}"?`, description: "Customers will no longer see it.", confirmText: "Delete", cancelText: "Cancel" })) {
      remove.mutate(rule.id, { onError: (err) => toast.error(err.message) })
    }
  }

  return (
    <Container className="divide-y p-0" data-testid="benefits-rules">
      <div className="px-6 py-4">
        <Heading level="h2">Benefits</Heading>
      </div>
      {error && <Text className="text-ui-fg-error px-6 py-4">{error.message}</Text>}
      <Table>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>Name</Table.HeaderCell>
            <Table.HeaderCell>Program code</Table.HeaderCell>
            <Table.HeaderCell>Discount</Table.HeaderCell>
            <Table.HeaderCell>Active</Table.HeaderCell>
            <Table.HeaderCell />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {(data?.rules ?? []).map((rule) => (
            <Table.Row key={rule.id}>
              <Table.Cell>{rule.name}</Table.Cell>
              <Table.Cell>{rule.code}</Table.Cell>
              <Table.Cell>{describeRule(rule)}</Table.Cell>
              <Table.Cell>
                <Switch
                  aria-label={`Active: ${rule.name}`}
                  checked={rule.active}
                  onCheckedChange={(active) => update.mutate({ id: rule.id, active }, { onError: (err) => toast.error(err.message) })}
                />
              </Table.Cell>
              <Table.Cell>
                <Button size="small" variant="transparent" onClick={() => onDelete(rule)}>
                  Delete
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
      {data && !data.rules.length && <Text className="text-ui-fg-subtle px-6 py-4">No benefits yet.</Text>}
      <form onSubmit={onCreate} className="grid grid-cols-6 items-end gap-3 px-6 py-4" data-testid="benefits-rule-form">
        <div className="col-span-2 flex flex-col gap-y-1">
          <Label htmlFor="rule-name">Name</Label>
          <Input id="rule-name" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        </div>
        <div className="flex flex-col gap-y-1">
          <Label htmlFor="rule-code">Program code</Label>
          <Input id="rule-code" type="number" value={form.code} onChange={(e) => setForm({ ...form, code: e.target.value })} />
        </div>
        <div className="flex flex-col gap-y-1">
          <Label>Kind</Label>
          <Select value={form.kind} onValueChange={(kind) => setForm({ ...form, kind: kind as BenefitRule["kind"] })}>
            <Select.Trigger aria-label="Kind">
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              <Select.Item value="percentage">Percentage</Select.Item>
              <Select.Item value="fixed">Fixed GTQ</Select.Item>
            </Select.Content>
          </Select>
        </div>
        <div className="flex flex-col gap-y-1">
          <Label htmlFor="rule-value">{form.kind === "percentage" ? "Percent" : "Amount (GTQ)"}</Label>
          <Input id="rule-value" type="number" step="0.01" value={form.value} onChange={(e) => setForm({ ...form, value: e.target.value })} />
        </div>
        <div className="flex flex-col gap-y-1">
          <Label htmlFor="rule-cap">Cap (GTQ)</Label>
          <Input id="rule-cap" type="number" step="0.01" value={form.cap} onChange={(e) => setForm({ ...form, cap: e.target.value })} />
        </div>
        <div className="col-span-2 flex flex-col gap-y-1">
          <Label htmlFor="rule-min">Minimum cart total (GTQ)</Label>
          <Input id="rule-min" type="number" step="0.01" value={form.min_total} onChange={(e) => setForm({ ...form, min_total: e.target.value })} />
        </div>
        <div className="col-span-4 flex justify-end">
          <Button type="submit" size="small" isLoading={create.isPending}>
            Add benefit
          </Button>
        </div>
      </form>
    </Container>
  )
}
