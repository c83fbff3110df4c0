/** Which `medusa` command a process runs, read from its arguments (`node <medusa cli> <command> ...`). */

/** The medusa CLI as node runs it: `node_modules/.bin/medusa` or `@medusajs/cli/cli.js` (what develop forks). */
const MEDUSA_CLI = [
  /(^|[\\/])medusa(\.js|\.cmd)?$/,
  /@medusajs[\\/]cli[\\/]cli\.js$/,
]

/** "start", "develop", "exec", ... or null when these are not a medusa CLI's arguments. */
export function medusaCommandOf(args: readonly string[]): string | null {
  const cli = args.findIndex((a) => MEDUSA_CLI.some((re) => re.test(a)))
  return cli >= 0 ? (args[cli + 1] ?? null) : null
}

/** As Medusa's CLI decides it: `--port`/`-p`, else PORT, else 9000. Null for 0 (a free port) or not a number. */
export function serverPortOf(
  argv: readonly string[],
  env: NodeJS.ProcessEnv
): number | null {
  let fromArgs: string | undefined
  argv.forEach((arg, i) => {
    const inline = /^(?:--port|-p)=(.*)$/.exec(arg)
    if (inline) fromArgs = inline[1]
    else if (arg === "--port" || arg === "-p") fromArgs = argv[i + 1]
  })
  const port = Number(fromArgs ?? (env.PORT || "9000"))
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : null
}
