import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
    rules: { "no-restricted-imports": ["error", { patterns: ["**/server/**", "**/client/**"] }] },
  },
  {
    files: ["src/client/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/server/**"], allowTypeImports: true, message: "The client imports only types from the server." }] },
      ],
    },
  },
);
