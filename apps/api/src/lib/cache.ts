/**
 * The value `cache` holds for `key`, made by `make` (and kept) the first time: how the prices'
 * writers share what many cells have in common (a breakdown, a list of rates) within one answer.
 */
export function getOrMake<K, V>(cache: Map<K, V>, key: K, make: () => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    cache.set(key, value);
  }
  return value;
}
