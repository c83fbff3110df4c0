"use strict"
/**
 * Preloaded into the benchmarked Medusa server only (`node -r bench/server-probe.js`, set by
 * bench/run.js through NODE_OPTIONS): a counter on every SQL query the `pg` driver sends, and a
 * loopback-only HTTP endpoint on BENCH_PROBE_PORT that the bench reads between requests:
 *   GET /stats          { queries, cpuUs, rss, heapUsed }: cpuUs is the process's CPU time (user +
 *                       system), so the bench can tell the server's own work from its waiting
 *   GET /gc             the same after a full garbage collection (needs --expose-gc)
 *   GET /queries        the query texts since the last call, when BENCH_QUERY_LOG=1 (profiling)
 * It adds one integer increment per query; nothing else runs inside the server's request path.
 */
const http = require("node:http")

const port = Number(process.env.BENCH_PROBE_PORT || 0)
if (port) {
  let queries = 0
  const log = process.env.BENCH_QUERY_LOG === "1" ? [] : null
  // The pg the app's knex loads: resolved from the app's directory, like knex resolves it.
  const pg = require(require.resolve("pg", { paths: [process.cwd()] }))
  const original = pg.Client.prototype.query
  pg.Client.prototype.query = function countedQuery(config, ...rest) {
    queries++
    if (log)
      log.push(typeof config === "string" ? config : config && config.text)
    return original.call(this, config, ...rest)
  }
  const stats = () => {
    const m = process.memoryUsage()
    const cpu = process.cpuUsage()
    return {
      queries,
      cpuUs: cpu.user + cpu.system,
      rss: m.rss,
      heapUsed: m.heapUsed,
      heapTotal: m.heapTotal,
      external: m.external,
    }
  }
  const server = http.createServer((req, res) => {
    let body
    if (req.url === "/gc") {
      if (typeof global.gc === "function") {
        global.gc()
        global.gc()
      }
      body = { ...stats(), gc: typeof global.gc === "function" }
    } else if (req.url === "/queries") {
      body = { queries: log ? log.splice(0) : null }
    } else {
      body = stats()
    }
    res.setHeader("content-type", "application/json")
    res.end(JSON.stringify(body))
  })
  server.listen(port, "127.0.0.1")
  server.unref()
}
