/**
 * Medusa records every module's migrations by class name in one table (`mikro_orm_migrations`), so
 * a name used by two modules runs only in the module that migrates first: the other's columns are
 * silently never made. Every migration name must be unique across the plugin's modules.
 */
import fs from "node:fs"
import path from "node:path"

const modulesDir = path.join(__dirname, "..")

function migrationNames() {
  return fs
    .readdirSync(modulesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== "__tests__")
    .flatMap((d) => {
      const dir = path.join(modulesDir, d.name, "migrations")
      return fs.existsSync(dir)
        ? fs
            .readdirSync(dir)
            .filter((f) => /^Migration\d+\.ts$/.test(f))
            .map((f) => ({ module: d.name, name: f.replace(/\.ts$/, "") }))
        : []
    })
}

it("every migration's name is unique across the plugin's modules", () => {
  const all = migrationNames()
  expect(all.length).toBeGreaterThan(10)
  const seen = new Map<string, string>()
  const clashes: string[] = []
  for (const { module, name } of all) {
    const other = seen.get(name)
    if (other) clashes.push(`${name}: ${other} and ${module}`)
    seen.set(name, module)
  }
  expect(clashes).toEqual([])
})

it("a migration's class is named as its file", () => {
  for (const { module, name } of migrationNames()) {
    const source = fs.readFileSync(
      path.join(modulesDir, module, "migrations", `${name}.ts`),
      "utf8"
    )
    expect(source).toContain(`export class ${name} extends Migration`)
  }
})
