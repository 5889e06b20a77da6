import { total, type Item } from "./inventory.js";

// TODO: format as a table
export function report(items: Item[]): string {
  return `${items.length} items, ${total(items)} units`;
}
