import { createLruMap } from '../records/create-lru-map.js';
import { createArgumentValidator, type ArgumentValidator } from '../tools/create-argument-validator.js';
import type { ToolDefinition } from '../tools/tool-definition.js';
import { keepOnCatalog } from './create-tool-catalog.js';
import type { ToolCatalog } from './tool-catalog.js';

/** How many compiled argument validators a catalog keeps (the tools called last). */
const MAX_CACHED_VALIDATORS = 512;

/**
 * The argument validator of one of a catalog's tools (`null`: its schema cannot be used), compiled on the tool's first
 * call and kept on the catalog for the tools called last (a bounded cache: a catalog of thousands compiles only those
 * called). Not part of the public API.
 *
 * The JSON Schema validator (`json-schema-validator.ts`) is imported here, on the first validator compiled, not where
 * this module is imported: no entry parses it at import (2-4 ms of a cold start), an app that never checks a call never
 * loads it, and the runtime's module map loads it once per process, so nothing is kept here for it.
 */
export async function resolveCatalogValidator(catalog: ToolCatalog, tool: ToolDefinition): Promise<ArgumentValidator | null> {
  const validators = keepOnCatalog(catalog, 'validators', () =>
    createLruMap<string, { readonly validator: ArgumentValidator | null }>({ maxSize: MAX_CACHED_VALIDATORS }),
  );
  let entry = validators.get(tool.name);
  if (entry === undefined) {
    const jsonSchema = await import('../tools/json-schema-validator.js');
    // Another check of the same tool may have compiled it while the module loaded.
    entry = validators.get(tool.name) ?? { validator: createArgumentValidator(tool.inputSchema, jsonSchema) };
    validators.set(tool.name, entry);
  }
  return entry.validator;
}
