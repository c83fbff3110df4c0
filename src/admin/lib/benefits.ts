/** The admin API of the benefits module, as react-query hooks. */
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query"
import type {
  BenefitRedemption,
  BenefitRule,
  BenefitSettingsView,
  RedemptionStatus,
} from "../../types"
import type {
  AdminBenefitSettingsBodyType,
  AdminCreateBenefitRuleType,
  AdminUpdateBenefitRuleType,
} from "../../api/admin/benefits/schemas"
import {
  benefitRedemptionKeys,
  benefitRuleKeys,
  benefitSettingsKeys,
} from "./query-keys"
import { sdk } from "./sdk"

type SettingsResponse = { settings: BenefitSettingsView }
type ListResponse = { count: number; offset: number; limit: number }

const SETTINGS = benefitSettingsKeys.detail("current")

export function useBenefitSettings() {
  return useQuery({
    queryKey: SETTINGS,
    queryFn: () =>
      sdk.client.fetch<SettingsResponse>("/admin/benefits/settings"),
  })
}

export function useSaveBenefitSettings() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: AdminBenefitSettingsBodyType) =>
      sdk.client.fetch<SettingsResponse>("/admin/benefits/settings", {
        method: "POST",
        body,
      }),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: benefitSettingsKeys.all }),
  })
}

export function useTestBenefitConnection() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () =>
      sdk.client.fetch<{ ok: boolean } & SettingsResponse>(
        "/admin/benefits/settings/test-connection",
        { method: "POST", body: {} }
      ),
    onSettled: () =>
      client.invalidateQueries({ queryKey: benefitSettingsKeys.all }),
  })
}

export type RuleFilters = { active?: boolean; limit?: number; offset?: number }

export function useBenefitRules(filters: RuleFilters) {
  const query = { ...filters, order: "name" }
  return useQuery({
    queryKey: benefitRuleKeys.list(query),
    queryFn: () =>
      sdk.client.fetch<{ rules: BenefitRule[] } & ListResponse>(
        "/admin/benefits/rules",
        { query }
      ),
    // The previous page stays while the next loads (see useCheckouts).
    placeholderData: keepPreviousData,
  })
}

export function useCreateBenefitRule() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: AdminCreateBenefitRuleType) =>
      sdk.client.fetch<{ rule: BenefitRule }>("/admin/benefits/rules", {
        method: "POST",
        body,
      }),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: benefitRuleKeys.all }),
  })
}

export function useUpdateBenefitRule() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({
      id,
      ...body
    }: AdminUpdateBenefitRuleType & { id: string }) =>
      sdk.client.fetch<{ rule: BenefitRule }>(`/admin/benefits/rules/${id}`, {
        method: "POST",
        body,
      }),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: benefitRuleKeys.all }),
  })
}

export function useDeleteBenefitRule() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      sdk.client.fetch(`/admin/benefits/rules/${id}`, { method: "DELETE" }),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: benefitRuleKeys.all }),
  })
}

export type RedemptionFilters = {
  order_id?: string
  status?: RedemptionStatus
  limit?: number
  offset?: number
}

export function useRedemptions(filters: RedemptionFilters) {
  const query = { ...filters, order: "-created_at" }
  return useQuery({
    queryKey: benefitRedemptionKeys.list(query),
    queryFn: () =>
      sdk.client.fetch<{ redemptions: BenefitRedemption[] } & ListResponse>(
        "/admin/benefits/redemptions",
        { query }
      ),
    // The previous page stays while the next loads (see useCheckouts).
    placeholderData: keepPreviousData,
  })
}
