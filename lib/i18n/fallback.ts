type Tree = Record<string, unknown>;

const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `primary` with every key it lacks taken from `fallback`, recursively. */
export function withFallback(primary: Tree, fallback: Tree): Tree {
  const result: Tree = { ...fallback };
  for (const [key, value] of Object.entries(primary)) {
    const base = fallback[key];
    result[key] = isTree(value) && isTree(base) ? withFallback(value, base) : value;
  }
  return result;
}
