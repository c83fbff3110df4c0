import { useQuery } from "@tanstack/react-query"
import { adminUserKeys } from "./query-keys"
import { sdk } from "./sdk"

/** An admin user's name (or email) for "settled by"; the id when the user cannot be read. */
export function useUserName(id: string | null) {
  const { data, isError } = useQuery({
    queryKey: adminUserKeys.detail(id ?? ""),
    queryFn: () =>
      sdk.admin.user.retrieve(id!, { fields: "id,email,first_name,last_name" }),
    enabled: !!id,
    staleTime: Infinity,
    retry: false,
  })
  if (!id) {
    return null
  }
  if (isError || !data) {
    return isError ? id : null
  }
  const u = data.user
  return [u.first_name, u.last_name].filter(Boolean).join(" ") || u.email || id
}
