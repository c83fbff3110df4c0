/**
 * `medusa develop` does not stop when its server child dies (it waits for a file change), so a
 * configuration mistake would leave a terminal that looks alive with no server. When the plugin stops
 * the boot, it stops that develop process too.
 */
import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { medusaCommandOf } from "./medusa-cli"

/** The arguments a process was started with, or null where they cannot be read (Windows). */
function argumentsOf(pid: number): string[] | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8")
      .split("\0")
      .filter(Boolean)
  } catch {
    // No /proc (macOS): ps prints them space-separated, enough to find "develop".
    try {
      return execFileSync("ps", ["-o", "args=", "-p", String(pid)], {
        encoding: "utf8",
      })
        .trim()
        .split(/\s+/)
    } catch {
      return null
    }
  }
}

/** SIGTERM to a `medusa develop` parent (it has no handler); a shell or process manager is left alone. */
export function stopMedusaDevelopParent(): boolean {
  if (medusaCommandOf(process.argv) !== "start") return false
  const parent = process.ppid
  const args = argumentsOf(parent)
  if (!args || medusaCommandOf(args) !== "develop") return false
  try {
    process.kill(parent, "SIGTERM")
    return true
  } catch {
    return false
  }
}
