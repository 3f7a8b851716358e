// Moving one item of a staff-ordered list (media, FAQs, categories) one place up or down.

export type Direction = 'up' | 'down';

/** The ids in their new order; the same order when the item is missing or already at that end. */
export function moveItem<T>(ids: readonly T[], id: T, direction: Direction): T[] {
  const order = [...ids];
  const from = order.indexOf(id);
  const to = direction === 'up' ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= order.length) return order;
  [order[from], order[to]] = [order[to], order[from]];
  return order;
}
