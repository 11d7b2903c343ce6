import { createToolIndex, type ToolIndex } from '../search/create-tool-index.js';
import { keepOnCatalog } from './create-tool-catalog.js';
import type { ToolCatalog } from './tool-catalog.js';

/**
 * The search index over a catalog's tools, built on first use and kept on the catalog, one per `maxResults`: every
 * `tool_search` tool and prediction over one catalog shares it. Not part of the public API (`createToolIndex` is).
 */
export function resolveCatalogIndex(catalog: ToolCatalog, maxResults: number): ToolIndex {
  return keepOnCatalog(catalog, `index ${maxResults}`, () => createToolIndex(catalog, { maxResults }));
}
