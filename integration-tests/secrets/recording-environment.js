/**
 * The integration specs' test environment: Node's, plus a recording of every log line a spec
 * file produces, for the secrets check (recording.js). Lines are caught where they all end up,
 * so that nothing is wrapped between a caller and the console (jest would then show the wrapper
 * as the line's origin):
 *
 * - process.stdout and process.stderr: what is written to them directly (Node's warnings) and,
 *   when jest prints as it goes (one spec file, --verbose), the console and Medusa's logger too;
 * - otherwise the buffer of jest's console, where console.* calls and Medusa's logger (winston
 *   writes to the console's own stream) end up until jest prints them after the file.
 *
 * The app logs at debug during a recorded run (global-setup.js): a Medusa log line quieter than
 * PAYLINK_TERMINAL_LOG_LEVEL is recorded and not printed, so the terminal shows what it did before.
 */
const { TestEnvironment } = require("jest-environment-node")
const { record, specName } = require("./recording")

/** winston's npm levels (Medusa's), most severe first. */
const LOG_LEVELS = {
  error: 0,
  warn: 1,
  info: 2,
  http: 3,
  verbose: 4,
  debug: 5,
  silly: 6,
}

class RecordingEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context)
    this.specFile = specName(context.testPath)
    this.test = null
    this.hook = null
    this.restores = []
  }

  async setup() {
    await super.setup()
    record({ type: "file", file: this.specFile })
    this.recordWrites(process.stdout, "stdout")
    this.recordWrites(process.stderr, "stderr")
    // Jest installs the spec's console before setup(); only its buffered console has a buffer.
    const buffer = this.global.console._buffer
    if (Array.isArray(buffer)) this.recordBuffer(buffer)
  }

  async teardown() {
    // process.stdout and process.stderr outlive this spec file: give them back as they were.
    for (const restore of this.restores.reverse()) restore()
    await super.teardown()
  }

  /** Which test (or hook outside a test) is running, to say where a line came from. */
  handleTestEvent(event) {
    if (event.name === "test_start") this.test = fullTestName(event.test)
    else if (event.name === "test_done") this.test = null
    else if (event.name === "hook_start") this.hook = event.hook.type
    else if (event.name === "hook_success" || event.name === "hook_failure")
      this.hook = null
  }

  recordWrites(stream, channel) {
    const original = stream.write
    // The replacement write is called with the stream as `this`, so the environment is kept here.
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const env = this
    stream.write = function recordedWrite(chunk, ...rest) {
      const text =
        typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8")
      env.recordLines(channel, text)
      if (isQuieterThanTerminal(text)) {
        const callback = rest.find((arg) => typeof arg === "function")
        if (callback) process.nextTick(callback)
        return true
      }
      return original.call(this, chunk, ...rest)
    }
    this.restores.push(() => {
      stream.write = original
    })
  }

  /** Jest adds each console line (with its origin, already taken) to this array, and prints it after the file. */
  recordBuffer(buffer) {
    const push = buffer.push
    buffer.push = (...entries) => {
      for (const entry of entries)
        this.recordLines(`console.${entry.type}`, String(entry.message))
      return push.apply(
        buffer,
        entries.filter((entry) => !isQuieterThanTerminal(String(entry.message)))
      )
    }
  }

  recordLines(channel, text) {
    const test = this.test ?? (this.hook ? `(${this.hook})` : null)
    for (const line of text.split(/\r?\n/)) {
      if (line.trim())
        record({ type: "log", file: this.specFile, test, channel, text: line })
    }
  }
}

function fullTestName(test) {
  const names = []
  for (let block = test; block; block = block.parent) {
    if (block.name && block.name !== "ROOT_DESCRIBE_BLOCK")
      names.unshift(block.name)
  }
  return names.join(" › ")
}

/** A Medusa (winston JSON) log line below the level the terminal shows. */
function isQuieterThanTerminal(text) {
  const terminal = LOG_LEVELS[process.env.PAYLINK_TERMINAL_LOG_LEVEL]
  const level = /^\s*\{"level":"(\w+)"/.exec(text)?.[1]
  return (
    terminal !== undefined &&
    level !== undefined &&
    LOG_LEVELS[level] > terminal
  )
}

module.exports = RecordingEnvironment
