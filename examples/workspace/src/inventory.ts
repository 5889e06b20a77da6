export interface Item {
  name: string;
  count: number;
}

// TODO: validate names
export function addItem(items: Item[], name: string, count: number): Item[] {
  return [...items, { name, count }];
}

export function total(items: Item[]): number {
  return items.reduce((sum, item) => sum + item.count, 0);
}
