/** The admin API of the benefits module, as react-query hooks. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { sdk } from "./sdk"

export type BenefitSettings = {
  base_url: string | null
  effective_base_url: string | null
  user: string | null
  branch: number | null
  enabled: boolean
  password_set: boolean
  token_set: boolean
  token_obtained_at: string | null
}

export type SettingsInput = Partial<{
  base_url: string | null
  user: string | null
  password: string
  branch: number | null
  enabled: boolean
}>

export type BenefitRule = {
  id: string
  code: number
  name: string
  description: string | null
  kind: "percentage" | "fixed"
  value: number
  cap: number | null
  min_total: number | null
  active: boolean
  starts_at: string | null
  ends_at: string | null
}

export type RuleInput = Omit<BenefitRule, "id" | "description" | "starts_at" | "ends_at">

export type Redemption = {
  id: string
  cart_id: string
  order_id: string | null
  card_last4: string
  discount: number
  total: number
  currency_code: string
  authorization: string | null
  confirmation: string | null
  status: "pending" | "authorized" | "unknown" | "stale" | "removed" | "redeemed" | "failed"
  promotion_code: string | null
  failure_reason: string | null
  created_at: string
}

const SETTINGS = "paylink-benefits-settings"
const RULES = "paylink-benefits-rules"
const REDEMPTIONS = "paylink-benefits-redemptions"

export function useBenefitSettings() {
  return useQuery({
    queryKey: [SETTINGS],
    queryFn: () => sdk.client.fetch<{ settings: BenefitSettings }>("/admin/benefits/settings"),
  })
}

export function useSaveBenefitSettings() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: SettingsInput) =>
      sdk.client.fetch<{ settings: BenefitSettings }>("/admin/benefits/settings", { method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: [SETTINGS] }),
  })
}

export function useTestBenefitConnection() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () =>
      sdk.client.fetch<{ ok: boolean; settings: BenefitSettings }>("/admin/benefits/settings/test-connection", { method: "POST", body: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: [SETTINGS] }),
  })
}

export function useBenefitRules() {
  return useQuery({
    queryKey: [RULES],
    queryFn: () => sdk.client.fetch<{ rules: BenefitRule[] }>("/admin/benefits/rules", { query: { order: "name" } }),
  })
}

export function useCreateBenefitRule() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: RuleInput) => sdk.client.fetch<{ rule: BenefitRule }>("/admin/benefits/rules", { method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: [RULES] }),
  })
}

export function useUpdateBenefitRule() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...body }: Partial<RuleInput> & { id: string }) =>
      sdk.client.fetch<{ rule: BenefitRule }>(`/admin/benefits/rules/${id}`, { method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: [RULES] }),
  })
}

export function useDeleteBenefitRule() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => sdk.client.fetch(`/admin/benefits/rules/${id}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: [RULES] }),
  })
}

export function useRedemptions(filters: { order_id?: string; limit?: number }) {
  return useQuery({
    queryKey: [REDEMPTIONS, filters],
    queryFn: () =>
      sdk.client.fetch<{ redemptions: Redemption[]; count: number }>("/admin/benefits/redemptions", {
        query: { ...filters, order: "-created_at" },
      }),
  })
}

export function describeRule(rule: Pick<BenefitRule, "kind" | "value" | "cap" | "min_total">) {
  const gtq = (n: number) => new Intl.NumberFormat("es-GT", { style: "currency", currency: "GTQ" }).format(n)
  const base = rule.kind === "percentage" ? `${rule.value} %` : gtq(rule.value)
  const cap = rule.cap != null ? `, up to ${gtq(rule.cap)}` : ""
  const min = rule.min_total != null ? `, from ${gtq(rule.min_total)}` : ""
  return `${base}${cap}${min}`
}
