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
 */
export function resolveCatalogValidator(catalog: ToolCatalog, tool: ToolDefinition): ArgumentValidator | null {
  const validators = keepOnCatalog(catalog, 'validators', () =>
    createLruMap<string, { readonly validator: ArgumentValidator | null }>({ maxSize: MAX_CACHED_VALIDATORS }),
  );
  let entry = validators.get(tool.name);
  if (entry === undefined) {
    entry = { validator: createArgumentValidator(tool.inputSchema) };
    validators.set(tool.name, entry);
  }
  return entry.validator;
}
