// ESLint: TypeScript's recommended rules, React hooks and jsx-a11y (forms have labels, keyboard access).
// Formatting is Prettier's job, so no stylistic rules here.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "public/build/",
      "node_modules/",
      ".cache/",
      ".wrangler/",
      "tests/.report/",
      "tests/.results/",
      "worker-configuration.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: { globals: { ...globals.browser, ...globals.worker } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // Scrollable regions (a labelled section is one) are focusable so a keyboard can scroll them (axe: scrollable-region-focusable).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { roles: ["region"], tags: ["section"] }],
      // Our forms that autofocus open as dialogs; the dialog pattern moves focus to the first field.
      "jsx-a11y/no-autofocus": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  // Routes own HTTP (app/README.md "Layers"): a feature is a plain service that never sees a
  // Request, a Response or headers, and its components get route data as props.
  {
    files: ["app/features/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "TSTypeReference[typeName.name=/^(Request|Response|Headers)$/]",
          message: "Features never see a Request, a Response or headers: the route reads them and passes plain values.",
        },
        {
          selector: "NewExpression[callee.name=/^(Response|Headers)$/], CallExpression[callee.object.name='Response']",
          message: "Features never build a Response: the route answers.",
        },
      ],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@remix-run/*"],
              message:
                "Features know nothing of Remix: routes own HTTP, and components take the router's primitives from ~/ui/router (route data comes as props).",
            },
          ],
        },
      ],
    },
  },
  { files: ["**/*.{js,mjs,cjs}"], languageOptions: { globals: { ...globals.node } } },
  // Tests feed control characters and loose JSON on purpose.
  {
    files: ["tests/**"],
    rules: {
      "no-control-regex": "off",
      "@typescript-eslint/no-explicit-any": "off",
      "no-empty-pattern": "off",
      // build/worker.js is absent before the build and untyped after: neither @ts-expect-error nor nothing fits.
      "@typescript-eslint/ban-ts-comment": ["error", { "ts-ignore": "allow-with-description" }],
    },
  },
);
