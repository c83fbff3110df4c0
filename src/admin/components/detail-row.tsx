import { clx, Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/** One line of a record's details: what it is on the left, its value on the right. */
export function DetailRow({
  label,
  children,
  className,
}: {
  label: string
  children: ReactNode
  className?: string
}) {
  return (
    <div
      className={clx(
        "text-ui-fg-subtle grid grid-cols-2 items-start gap-x-4",
        className
      )}
    >
      <Text size="small" weight="plus" leading="compact">
        {label}
      </Text>
      <div className="txt-compact-small min-w-0 break-words">{children}</div>
    </div>
  )
}
