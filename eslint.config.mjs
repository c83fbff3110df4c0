// Lint rules: ESLint's and typescript-eslint's recommended sets with Medusa's exceptions (explicit
// `any` allowed, as in Medusa's own config: several Medusa types are looser than the data), React's
// rules of hooks for the admin, and prettier owning formatting (eslint-config-prettier).
import js from "@eslint/js"
import prettier from "eslint-config-prettier"
import reactHooks from "eslint-plugin-react-hooks"
import globals from "globals"
import tseslint from "typescript-eslint"

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/",
      ".medusa/",
      "**/dist/",
      "coverage/",
      ".demo/",
      "static/",
      // The demo's built admin dashboard (gitignored), written when `npm run demo` runs here.
      "public/",
      "private-uploads/",
      // Copies of Medusa's Next.js storefront files, linted by the starter's own config.
      "storefront-kit/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrors: "none",
          ignoreRestSiblings: true,
        },
      ],
      // A best-effort cleanup's catch may be empty on purpose; other empty blocks may not.
      "no-empty": ["error", { allowEmptyCatch: true }],
      // Control characters are matched on purpose: NUL and C0 in a report's cells and the service's
      // answers, ESC in terminal output.
      "no-control-regex": "off",
    },
  },
  // Node scripts (the CLI, the demo, the test harnesses, bench, soak) are CommonJS.
  {
    files: ["**/*.js", "**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: {
      "@typescript-eslint/no-require-imports": "off",
      "no-redeclare": ["error", { builtinGlobals: false }],
    },
  },
  // The demo storefront's pages run scripts in the browser.
  // Pages that run in the browser, and the tests whose page.evaluate callbacks run there.
  {
    files: [
      "demo/storefront/**/*.js",
      "demo/test/**/*.js",
      "integration-tests/consumer/**/*.ts",
      "integration-tests/storefront-starter/**/*.js",
    ],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["src/admin/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["src/admin/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  prettier
)
