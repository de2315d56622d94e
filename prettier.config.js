// Prettier (`npm run format` writes, `npm run format:check` checks; docs/decisions/0022-edges-env-and-format.md):
// the style the code was already written in: double quotes, semicolons, trailing commas wherever the syntax
// allows them. Of the widths 120, 130 and 140, 140 changed the fewest lines of the tree.
// What it leaves alone is in .prettierignore (and .gitignore).
/** @type {import("prettier").Config} */
export default {
  printWidth: 140,
  semi: true,
  singleQuote: false,
  trailingComma: "all",
};
