import type { ToolNameMapping } from '../names/create-tool-name-mapping.js';

/** A name as the body writes it, as the plan names it: a wire name of a planned tool is read back, any other name kept. */
export function resolvePlanName(name: string, planSet: ReadonlyMap<string, unknown>, names: ToolNameMapping): string {
  return planSet.has(name) || !planSet.has(names.fromWire(name)) ? name : names.fromWire(name);
}
