import { Eye, EyeSlash } from "@medusajs/icons"
import { clx } from "@medusajs/ui"
import { forwardRef, useState, type InputHTMLAttributes } from "react"

/** Medusa UI's password Input classes, copied: @medusajs/ui does not export them. */
const INPUT_CLASSES = clx(
  "caret-ui-fg-base bg-ui-bg-field hover:bg-ui-bg-field-hover shadow-borders-base placeholder-ui-fg-muted text-ui-fg-base transition-fg relative w-full appearance-none rounded-md outline-none",
  "focus-visible:shadow-borders-interactive-with-active",
  "disabled:text-ui-fg-disabled disabled:!bg-ui-bg-disabled disabled:placeholder-ui-fg-disabled disabled:cursor-not-allowed",
  "aria-[invalid=true]:!shadow-borders-error invalid:!shadow-borders-error",
  "txt-compact-small h-8 px-2 py-1.5 pr-8"
)

type SecretInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "type" | "size"
> & {
  /** The show/hide button's names, in the admin's language. */
  showLabel: string
  hideLabel: string
}

/** Medusa UI's password input, but with the show/hide button named in the admin's language (Medusa UI's is English only). */
export const SecretInput = forwardRef<HTMLInputElement, SecretInputProps>(
  ({ showLabel, hideLabel, className, ...props }, ref) => {
    const [shown, setShown] = useState(false)
    return (
      <div className="relative">
        <input
          ref={ref}
          {...props}
          type={shown ? "text" : "password"}
          className={clx(INPUT_CLASSES, className)}
        />
        <div className="absolute bottom-0 right-0 flex h-8 w-8 items-center justify-center border-l">
          <button
            type="button"
            className="text-ui-fg-muted hover:text-ui-fg-base focus-visible:text-ui-fg-base focus-visible:shadow-borders-interactive-w-focus active:text-ui-fg-base h-fit w-fit rounded-sm outline-none transition-all"
            onClick={() => setShown((v) => !v)}
          >
            <span className="sr-only">{shown ? hideLabel : showLabel}</span>
            {shown ? <EyeSlash /> : <Eye />}
          </button>
        </div>
      </div>
    )
  }
)
SecretInput.displayName = "SecretInput"
