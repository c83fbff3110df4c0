/**
 * Jest's own order (slow and failed files first), except that the secrets check runs last: it
 * reads what every other spec file recorded, so it must start after they all finished (which one
 * worker at a time, --maxWorkers=1 or --runInBand, guarantees once it is last in the list).
 */
const path = require("node:path")
const Sequencer = require("@jest/test-sequencer").default

const SECRETS_CHECK = "no-secret-leaked.spec.ts"

class SecretsCheckLastSequencer extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests)
    const isCheck = (test) => path.basename(test.path) === SECRETS_CHECK
    return [...sorted.filter((t) => !isCheck(t)), ...sorted.filter(isCheck)]
  }
}

module.exports = SecretsCheckLastSequencer
