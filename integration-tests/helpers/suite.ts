/**
 * One spec file = one Medusa app on PostgreSQL, one sandbox on loopback, and before each test a
 * fresh database with the seeded store and an admin token.
 *
 * The store and the admin are made once per file, in beforeAll. Medusa's runner (test-utils
 * 2.21) copies the database into a template before the first test, after every beforeAll, and
 * before each later test drops the database and recreates it from that template: so each test
 * still starts on exactly the seeded store (same ids in every test), without seeding it again.
 * The sandbox (in memory) is emptied before each test.
 *
 * The database a file starts from is a copy of the run's migrated template when jest's global
 * setup made one for this app (./migrated-template.js): the runner then skips its migrations.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { SandboxHandle } from "../../src/sandbox"
import { startSandbox } from "./sandbox"
import { seedStore, type Seed } from "./seed"
import { adminHeaders } from "./admin"
import type { Api } from "./storefront"
import {
  copyTemplate,
  dropDatabase,
  templateCopyName,
} from "./migrated-template"
import { recordApiTraffic } from "../secrets/record-api"
import {
  declareConfiguredSecrets,
  declareProgramToken,
  declareSandboxSecrets,
} from "../secrets/declare-secrets"

export type PaylinkSuite = {
  api: Api
  getContainer: () => MedusaContainer
  /** knex on the test database, for asserting what is stored. */
  dbConnection: any
  readonly sandbox: SandboxHandle
  readonly seed: Seed
  /** Axios options with an admin's bearer token. */
  readonly admin: { headers: Record<string, string> }
}

/**
 * `env` is set before the app reads medusa-config.ts and put back after the file, so one spec's
 * configuration never leaks into the next (jest runs them in one process).
 */
export type PaylinkSuiteOptions = {
  env?: Record<string, string>
  /** The app to boot (default: this repository's medusa-config.ts). */
  cwd?: string
  startSandbox?: () => Promise<SandboxHandle>
  /**
   * Environment known only at run time (e.g. free ports for the server and a storefront), set
   * before the app boots and put back after the file, like `env`.
   */
  envAtBoot?: () => Promise<Record<string, string>>
  timeoutMs?: number
}

export function paylinkSuite(
  define: (suite: PaylinkSuite) => void,
  options: PaylinkSuiteOptions = {}
) {
  jest.setTimeout(options.timeoutMs ?? 120_000)
  const saved = Object.fromEntries(
    Object.keys(options.env ?? {}).map((k) => [k, process.env[k]])
  )
  Object.assign(process.env, options.env)
  afterAll(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
    }
  })
  let sandbox: SandboxHandle
  // Decided now: the runner takes its database's name when it is defined, below.
  const dbName = templateCopyName(options.cwd ?? process.cwd())
  beforeAll(async () => {
    if (dbName) await copyTemplate(dbName)
    sandbox = await (options.startSandbox ?? startSandbox)()
    declareSandboxSecrets(sandbox)
    const atBoot = (await options.envAtBoot?.()) ?? {}
    for (const k of Object.keys(atBoot))
      if (!(k in saved)) saved[k] = process.env[k]
    Object.assign(process.env, atBoot)
  })
  afterAll(async () => {
    await sandbox?.close()
    // The runner drops it after the file; this is for a file whose app never booted.
    if (dbName) await dropDatabase(dbName)
  })

  medusaIntegrationTestRunner({
    cwd: options.cwd,
    dbName,
    testSuite: ({ api, getContainer, dbConnection }) => {
      let seed: Seed
      let admin: { headers: Record<string, string> }
      // For the secrets check (integration-tests/secrets): what this app was configured with,
      // everything it answers, and the program token it holds after each test.
      beforeAll(async () => {
        declareConfiguredSecrets(getContainer())
        recordApiTraffic(api)
        // Before the runner's template is taken (its first beforeEach), so the template holds them.
        seed = await seedStore(getContainer())
        admin = await adminHeaders(getContainer())
      })
      afterEach(async () => {
        await declareProgramToken(getContainer())
      })
      beforeEach(() => {
        sandbox.reset()
      })
      define({
        api,
        getContainer,
        dbConnection,
        get sandbox() {
          return sandbox
        },
        get seed() {
          return seed
        },
        get admin() {
          return admin
        },
      })
    },
  })
}
