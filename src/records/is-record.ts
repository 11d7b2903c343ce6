/** Whether a value is a plain object record (not `null`, not an array): the shape of every JSON object in a body. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
