/**
 * The two functions of `@cfworker/json-schema` an argument validator uses (`createArgumentValidator`), in a module of
 * their own that `resolveCatalogValidator` imports with `import()` on the first validator it compiles: no entry parses
 * the validator (25 KB) at import, and a bundler that inlines the `import()` keeps only these two and what they use.
 * Not part of the public API.
 */
export { dereference, validate } from '@cfworker/json-schema';
