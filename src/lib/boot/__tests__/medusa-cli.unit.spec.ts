import { medusaCommandOf, serverPortOf } from "../medusa-cli"

describe("medusaCommandOf (which medusa command a process runs)", () => {
  it.each([
    [["node", "/app/node_modules/.bin/medusa", "develop"], "develop"],
    [
      [
        "/usr/bin/node",
        "/app/node_modules/@medusajs/cli/cli.js",
        "develop",
        "--port",
        "9001",
      ],
      "develop",
    ],
    [
      ["node", "C:\\app\\node_modules\\@medusajs\\cli\\cli.js", "develop"],
      "develop",
    ],
    // What develop forks.
    [
      ["/usr/bin/node", "/app/node_modules/@medusajs/cli/cli.js", "start"],
      "start",
    ],
    [["node", "/app/node_modules/.bin/medusa", "exec", "./seed.ts"], "exec"],
  ])("%j runs %s", (args, command) => {
    expect(medusaCommandOf(args)).toBe(command)
  })

  it.each([
    [["npm", "run", "develop"]],
    [["node", "/app/node_modules/jest/bin/jest.js", "develop"]],
    [["bash"]],
    [[]],
  ])("%j is no medusa command", (args) => {
    expect(medusaCommandOf(args)).toBeNull()
  })
})

describe("serverPortOf (the port medusa start listens on)", () => {
  const cli = ["node", "/app/node_modules/.bin/medusa", "start"]

  it("is 9000 by default, PORT when set, and --port / -p over PORT", () => {
    expect(serverPortOf(cli, {})).toBe(9000)
    expect(serverPortOf(cli, { PORT: "9100" })).toBe(9100)
    expect(serverPortOf([...cli, "--port", "9200"], { PORT: "9100" })).toBe(
      9200
    )
    expect(serverPortOf([...cli, "--port=9300"], {})).toBe(9300)
    expect(serverPortOf([...cli, "-p", "9400"], {})).toBe(9400)
  })

  it("is null for a free port (0) or nonsense: nothing to compare", () => {
    expect(serverPortOf(cli, { PORT: "0" })).toBeNull()
    expect(serverPortOf(cli, { PORT: "nine" })).toBeNull()
  })
})
