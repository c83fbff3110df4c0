/**
 * `medusa develop` runs the server as a child (`medusa start`) and, by design, does not stop when
 * that child dies: it waits for a file change to start it again. For a configuration mistake that
 * means a terminal that looks alive with no server, and a fix made in `.env` (a dotfile, which
 * develop does not watch) never restarts it. So when the plugin stops the boot, it also stops the
 * develop process that started it: the same outcome as `medusa start`, a command that has ended.
 */
import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { medusaCommandOf } from "./medusa-cli"

/** The arguments a process was started with, or null where they cannot be read (Windows). */
function argumentsOf(pid: number): string[] | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean)
  } catch {
    // No /proc (macOS): ps prints them space-separated, enough to find "develop".
    try {
      return execFileSync("ps", ["-o", "args=", "-p", String(pid)], { encoding: "utf8" }).trim().split(/\s+/)
    } catch {
      return null
    }
  }
}

/**
 * Ends the `medusa develop` process this server (`medusa start`) is the child of, if it is one
 * (SIGTERM: develop has no handler for it, so it ends at once, exit status 143). Anything else,
 * a shell or a process manager, is left alone.
 */
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
