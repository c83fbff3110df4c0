import { Hint, Label, Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/** For the input's aria-describedby. */
export const errorIdOf = (id: string) => `${id}-error`

/** What an input adds so that assistive technology reads its error with it. */
export function invalidProps(id: string, error: string | undefined) {
  return error
    ? { "aria-invalid": true as const, "aria-describedby": errorIdOf(id) }
    : {}
}

/** One field of a drawer form, laid out as the dashboard's own forms. */
export function FormField({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string
  label: string
  error?: string
  hint?: string
  children: ReactNode
}) {
  return (
    <div className="flex flex-col gap-y-2">
      <Label htmlFor={id} weight="plus">
        {label}
      </Label>
      {children}
      {hint && (
        <Text size="xsmall" className="text-ui-fg-subtle">
          {hint}
        </Text>
      )}
      {error && (
        <Hint variant="error" id={errorIdOf(id)}>
          {error}
        </Hint>
      )}
    </div>
  )
}
