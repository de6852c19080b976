import fs from "node:fs";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** A file reaches its own folder with ./ and everything else through #common/, #server/ or #client/ (package.json imports). */
const OUTSIDE_OWN_FOLDER = { regex: "^\\.\\./", message: "Import from outside this folder through #common/, #server/ or #client/." };

/**
 * A feature uses another only through that feature's index.ts; its own files are its own business. `own` is the
 * feature folder the linted file lives in, if any.
 */
const featureInternals = (own) => ({
  regex: `^#server/features/${own ? `(?!${own}/)` : ""}[^/]+/(?!index\\.ts$)`,
  message: "Use another feature through its index.ts (add what you need to its exports).",
});
const FEATURE_FOLDERS = fs
  .readdirSync("src/server/features", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "drizzle/", "reports/", "data/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      // `import { type A }` keeps a side-effect import of the module under verbatimModuleSyntax: a schema
      // module imported only for its types would still ship its zod code to the browser.
      "@typescript-eslint/no-import-type-side-effects": "error",
      "@typescript-eslint/consistent-type-definitions": ["error", "type"],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
    },
  },
  {
    files: ["src/client/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The first cn() call builds tailwind-merge's tables: at a module's top level it runs while the app's chunk
      // is evaluated, one long task before hydration (start-up builds them in tasks of their own).
      "no-restricted-syntax": [
        "error",
        ...["Program > VariableDeclaration", "Program > ExportNamedDeclaration > VariableDeclaration"].map((declaration) => ({
          selector: `${declaration} > VariableDeclarator > CallExpression[callee.name='cn']`,
          message: "Call cn() when rendering, not when the module loads.",
        })),
      ],
    },
  },
  {
    // Rule 1 of the house: dependencies point one way.
    files: ["src/common/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [OUTSIDE_OWN_FOLDER, { regex: "^#(server|client)/", message: "Shared code imports neither side." }] },
      ],
    },
  },
  {
    files: ["src/client/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            OUTSIDE_OWN_FOLDER,
            { regex: "^#server/", allowTypeImports: true, message: "The client imports only types from the server." },
          ],
        },
      ],
    },
  },
  {
    files: ["src/server/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [OUTSIDE_OWN_FOLDER, featureInternals()] }] },
  },
  ...FEATURE_FOLDERS.map((feature) => ({
    files: [`src/server/features/${feature}/**/*.ts`],
    rules: { "no-restricted-imports": ["error", { patterns: [OUTSIDE_OWN_FOLDER, featureInternals(feature)] }] },
  })),
  {
    files: ["scripts/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [featureInternals()] }] },
  },
);
