/**
 * The most times the validator may look at one object or array of the arguments in one check. Validating is linear
 * in the arguments for almost every schema: each value is visited once per subschema that applies to it, a few
 * dozen times at most. A schema whose `anyOf`/`oneOf` options recurse into the same property (two node kinds that
 * both hold `children`) makes it exponential in the nesting instead: 2^10 visits of a value 10 levels down.
 */
export const MAX_VISITS_PER_VALUE = 1_000;

/** Thrown when the validator looks at one value more than {@link MAX_VISITS_PER_VALUE} times. Internal. */
export class ValidationBudgetError extends Error {
  constructor() {
    super(`the validator looked at one value more than ${MAX_VISITS_PER_VALUE} times`);
    this.name = 'ValidationBudgetError';
  }
}

/**
 * A read-only view of JSON data (fresh, as `JSON.parse` makes it) that counts how often each object and array is
 * visited (its keys listed, or its length read: once per validation of it) and throws a {@link ValidationBudgetError}
 * past {@link MAX_VISITS_PER_VALUE}, so a check ends in bounded time whatever the schema and the nesting.
 */
export function createBudgetedValue(value: unknown): unknown {
  const visits = new WeakMap<object, number>();
  const views = new WeakMap<object, object>();
  const visit = (target: object): void => {
    const count = (visits.get(target) ?? 0) + 1;
    if (count > MAX_VISITS_PER_VALUE) throw new ValidationBudgetError();
    visits.set(target, count);
  };
  const handler: ProxyHandler<object> = {
    ownKeys(target) {
      visit(target);
      return Reflect.ownKeys(target);
    },
    get(target, key, receiver) {
      if (key === 'length' && Array.isArray(target)) visit(target);
      return view(Reflect.get(target, key, receiver));
    },
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
  };
  function view(child: unknown): unknown {
    if (typeof child !== 'object' || child === null) return child;
    let found = views.get(child);
    if (found === undefined) {
      found = new Proxy(child, handler);
      views.set(child, found);
    }
    return found;
  }
  return view(value);
}
