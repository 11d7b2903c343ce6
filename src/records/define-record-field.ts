/**
 * Sets a field of a record as an own, enumerable data property: defined, not assigned, so a key the JSON holds such as
 * `__proto__` is a field like any other and never changes the record's prototype. Not part of the public API.
 */
export function defineRecordField(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
