"use strict"
/**
 * The Medusa app of the demo: this repository's root (medusa-config.ts, whose modules and providers
 * load from ./src) run through Medusa's own CLI, with the ports and addresses set in the
 * environment the root config reads. Each command's output goes to .demo/logs/<name>.log; a failure
 * shows its last lines.
 */
const { spawn } = require("node:child_process")
const fs = require("node:fs")
const path = require("node:path")
const { DemoError } = require("./errors")

const REPO = path.resolve(__dirname, "../..")
const LOGS = path.join(REPO, ".demo", "logs")
const CLI = require.resolve("@medusajs/cli/cli.js", { paths: [REPO] })

/**
 * NODE_ENV "demo": not "development" (that would serve the admin through Vite's dev server instead
 * of the build) and not "production"/"staging" (those make the session cookie Secure, which a
 * browser drops on http://localhost, so the admin login would not stick).
 */
function medusaEnv(extra) {
  return {
    ...process.env,
    NODE_ENV: "demo",
    MEDUSA_DISABLE_TELEMETRY: "true",
    ...extra,
  }
}

/**
 * A production server for a measured or soaked run: no admin, no telemetry, and none of the
 * caller's NODE_OPTIONS (a test runner's flags would change what is measured).
 */
function productionEnv(extra) {
  const env = {
    ...process.env,
    NODE_ENV: "production",
    MEDUSA_DISABLE_TELEMETRY: "true",
    PAYLINK_ADMIN: "false",
    ...extra,
  }
  if (!extra || !("NODE_OPTIONS" in extra)) delete env.NODE_OPTIONS
  return env
}

function tail(file, lines = 25) {
  try {
    return fs
      .readFileSync(file, "utf8")
      .trimEnd()
      .split("\n")
      .slice(-lines)
      .join("\n")
  } catch {
    return ""
  }
}

/**
 * `logDir`: where `<name>.log` goes (the demo's .demo/logs unless said); `nodeArgs`: e.g. --cpu-prof;
 * `cwd` and `cli`: another app and its own medusa CLI (this repository's unless said).
 */
function spawnLogged(
  name,
  args,
  env,
  { logDir = LOGS, nodeArgs = [], cwd = REPO, cli = CLI } = {}
) {
  fs.mkdirSync(logDir, { recursive: true })
  const logFile = path.join(logDir, `${name}.log`)
  const out = fs.openSync(logFile, "w")
  // Its own process group, so Ctrl-C reaches run.js only and run.js stops exactly this group.
  const child = spawn(process.execPath, [...nodeArgs, cli, ...args], {
    cwd,
    env,
    stdio: ["ignore", out, out],
    detached: true,
  })
  fs.closeSync(out)
  return { child, logFile }
}

/** Runs a one-shot medusa command; resolves with its log's text, rejects with a DemoError. */
function runCommand(name, args, env, fix, track, logOptions) {
  return new Promise((resolve, reject) => {
    const { child, logFile } = spawnLogged(name, args, env, logOptions)
    track?.(child)
    child.on("exit", (code, signal) => {
      track?.(null)
      if (code === 0) return resolve(fs.readFileSync(logFile, "utf8"))
      reject(
        new DemoError(
          `\`medusa ${args.join(" ")}\` failed (${signal || `exit ${code}`}). Last lines of ${path.relative(REPO, logFile)}:\n${tail(logFile)}`,
          fix
        )
      )
    })
  })
}

/**
 * Starts `medusa start` and waits for /health; answers { child, logFile, stop }. It listens on
 * `host`, loopback unless said: without --host Medusa listens on every interface, and a demo or a
 * test server has no business answering the network.
 */
async function startServer(
  port,
  env,
  {
    timeoutMs = 180_000,
    name = "medusa",
    logDir,
    nodeArgs,
    host = "127.0.0.1",
    cwd,
    cli,
  } = {}
) {
  const { child, logFile } = spawnLogged(
    name,
    ["start", "--host", host, "--port", String(port)],
    env,
    { logDir, nodeArgs, cwd, cli }
  )
  let exited = null
  child.on("exit", (code, signal) => (exited = signal || `exit ${code}`))
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (exited) {
      const log = tail(logFile)
      const fix = /EADDRINUSE/.test(log)
        ? `port ${port} is in use: choose another DEMO_MEDUSA_PORT or unset it`
        : /migrat|relation .* does not exist/i.test(log)
          ? "run `npm run demo -- --reset` to start from a fresh database"
          : "read the log above; `npm run demo -- --reset` starts over"
      throw new DemoError(
        `the Medusa server stopped while starting (${exited}). Last lines of ${path.relative(REPO, logFile)}:\n${log}`,
        fix
      )
    }
    try {
      const res = await fetch(
        `http://${host.includes(":") ? `[${host}]` : host}:${port}/health`
      )
      if (res.ok) break
    } catch {}
    await new Promise((r) => setTimeout(r, 500))
  }
  if (!exited && Date.now() >= until) {
    stopChild(child)
    throw new DemoError(
      `the Medusa server did not answer /health within ${timeoutMs / 1000}s (log: ${path.relative(REPO, logFile)})`,
      "read the log; the machine may be busy"
    )
  }
  return { child, logFile, stop: () => stopChild(child) }
}

/** Ends one process group started detached, politely first (SIGTERM, then SIGKILL after `graceMs`). */
function stopChild(child, graceMs = 8000) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null)
      return resolve()
    const kill = (sig) => {
      try {
        process.kill(-child.pid, sig)
      } catch {}
    }
    const timer = setTimeout(() => kill("SIGKILL"), graceMs)
    child.once("exit", () => {
      clearTimeout(timer)
      resolve()
    })
    kill("SIGTERM")
  })
}

module.exports = {
  medusaEnv,
  productionEnv,
  runCommand,
  startServer,
  stopChild,
  LOGS,
}
