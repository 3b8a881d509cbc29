import { getMetadataStorage } from 'class-validator';

type Storage = ReturnType<typeof getMetadataStorage>;
type Lookup = Storage['getTargetValidationMetadatas'];
/** class-validator does not export the type of its rules from its index. */
type ValidationMetadata = ReturnType<Lookup>[number];

const installed = Symbol.for('shop.validationMetadataCache');

/**
 * Makes class-validator look up a class's rules once instead of on every validation.
 *
 * `getTargetValidationMetadatas` walks every class that has rules (`prototype instanceof` each of them, for inherited
 * rules) on every `validate()` call and again for every nested object: with the shop's ~300 request classes it was
 * 5.3% of the CPU of a cached `GET /api/products` (the costliest function of its own after GC and the socket write).
 * Upstream knows (typestack/class-validator#2686, open); Twenty memoises the same lookup.
 *
 * The answer for one class and one set of options never changes once its rules are registered, and they all are
 * before the class can be validated: decorators run when the class is defined, and a parent is defined before its
 * children. The cache is still dropped whenever rules are added later (a lazily loaded module's classes), so a
 * lookup is never staler than the storage. Keys are the classes (or schema names) and the few option tuples the
 * pipes use, so it stays as small as the set of request classes.
 *
 * Callers must not change the arrays they get: class-validator's own executor only reads them.
 */
export function cacheValidationMetadata(storage: Storage = getMetadataStorage()): void {
  const marked = storage as Storage & { [installed]?: true };
  if (marked[installed]) return;
  marked[installed] = true;

  const lookUp: Lookup = storage.getTargetValidationMetadatas.bind(storage);
  const groupByPropertyName = storage.groupByPropertyName.bind(storage);
  let byTarget = new Map<unknown, Map<string, ValidationMetadata[]>>();
  let grouped = new WeakMap<ValidationMetadata[], Record<string, ValidationMetadata[]>>();

  storage.getTargetValidationMetadatas = (target, targetSchema, always, strictGroups, groups) => {
    let byOptions = byTarget.get(target);
    if (!byOptions) byTarget.set(target, (byOptions = new Map()));
    // JSON keeps the groups apart from their separators ("a,b" as one group is not ["a", "b"]).
    const key = JSON.stringify([targetSchema ?? null, always ?? null, strictGroups ?? null, groups ?? null]);
    let metadatas = byOptions.get(key);
    if (!metadatas) byOptions.set(key, (metadatas = lookUp(target, targetSchema, always, strictGroups, groups)));
    return metadatas;
  };
  // The executor groups the array it just got by property on every call too; the same array groups the same way.
  storage.groupByPropertyName = (metadatas) => {
    let byProperty = grouped.get(metadatas);
    if (!byProperty) grouped.set(metadatas, (byProperty = groupByPropertyName(metadatas)));
    return byProperty;
  };

  const forget = () => {
    byTarget = new Map();
    grouped = new WeakMap();
  };
  const addValidationMetadata = storage.addValidationMetadata.bind(storage);
  storage.addValidationMetadata = (metadata) => {
    addValidationMetadata(metadata);
    forget();
  };
  // addValidationSchema adds through addValidationMetadata, which forgets already.
}
