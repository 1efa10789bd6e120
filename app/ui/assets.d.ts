/**
 * Remix's classic compiler turns `import href from "./x.css"` into the file's public URL (a string).
 * Vite's client types declare `*.css` as an empty module; this declaration merges with it so that
 * `links` can use the imported URL without a cast.
 */
declare module "*.css" {
  const href: string;
  export default href;
}
