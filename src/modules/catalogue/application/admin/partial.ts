/** The fields that were given: on updates, a field left out (undefined) keeps its current value. */
export function withoutUndefined<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>;
}
