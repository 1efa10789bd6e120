/** D1 takes at most 100 bound values a statement: long lists of values go in slices. */
export const D1_MAX_BOUND_VALUES = 100;

/** `items` in slices of at most `size` (a statement's share of the bound values). */
export function inSlices<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}
