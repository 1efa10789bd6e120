/** The legal pages' texts, as one module beside the worker (`#lazy/legal-texts`): only /terms and /privacy load it. */
export { privacyMarkdown } from "./privacy";
export { termsMarkdown } from "./terms";
