// ESLint for the project's JavaScript (make lint runs it: `make eslint`, or
// `tools/eslint/node_modules/.bin/eslint --config tools/eslint/eslint.config.mjs .`).
// Each group of files gets the globals it really runs with: the page's scripts a browser's
// (and the page's vega / vegaEmbed, loaded before them), the site build's and the tests' Node
// scripts Node's.
import js from "@eslint/js";
import globals from "globals";

export default [
  {
    ignores: [
      "**/node_modules/**",
      ".venv/**",
      ".venv-bench/**",
      ".cache/**",
      "site/**",
      "site.*/**",
      "dist/**",
      "build/**",
      "docs/assets/vendor/**",
      "docs/assets/generated/**",
      "docs/en/assets/**",
      "docs/lessons/**",
      "docs/en/lessons/**",
      "bench/lighthouse/**",
    ],
  },
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  // What the site ships to a reader's browser: its own scripts and the labs' (classic
  // scripts, each in an IIFE, sharing objects through window.DPLAB_*).
  {
    files: ["docs/assets/dplab/**/*.js", "dplab/views/labs/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "script",
      globals: { ...globals.browser, vega: "readonly", vegaEmbed: "readonly" },
    },
  },
  // Functions that the browser tests (tests/browser/*.py) evaluate in a page.
  {
    files: ["tests/browser/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "script", globals: globals.browser },
  },
  // The site build's Node helpers, the Node tests and the tools.
  {
    files: ["dplab/site/**/*.js", "**/*.cjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "commonjs", globals: globals.node },
  },
  {
    files: ["**/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.node },
  },
];
