/** The admin API of the gateways' credentials (Settings → Payment gateways), as react-query hooks. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type {
  Gateway,
  GatewayCheckResult,
  GatewaySettingsSaved,
  GatewaySettingsView,
} from "../../types"
import type { AdminGatewaySettingsBodyType } from "../../api/admin/paylink/schemas"
import { gatewaySettingsKeys } from "./query-keys"
import { sdk } from "./sdk"

const LIST = gatewaySettingsKeys.lists()

export function useGatewaySettings() {
  return useQuery({
    queryKey: LIST,
    queryFn: () =>
      sdk.client.fetch<{ gateways: GatewaySettingsView[] }>(
        "/admin/paylink/gateways"
      ),
  })
}

export function useSaveGatewaySettings(gateway: Gateway) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: AdminGatewaySettingsBodyType) =>
      sdk.client.fetch<GatewaySettingsSaved>(
        `/admin/paylink/gateways/${gateway}`,
        { method: "POST", body }
      ),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: gatewaySettingsKeys.all }),
  })
}

/**
 * Test token: makes one real unpaid test link (the card asks first). The server keeps the outcome
 * and the link as the gateway's last test, so the list is read again.
 */
export function useCheckGateway(gateway: Gateway) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () =>
      sdk.client.fetch<GatewayCheckResult>(
        `/admin/paylink/gateways/${gateway}/check`,
        { method: "POST", body: { create_test_link: true } }
      ),
    onSettled: () =>
      client.invalidateQueries({ queryKey: gatewaySettingsKeys.all }),
  })
}
