import { readFileSync } from "node:fs";
import { loadConfig } from "./config";

export interface Product {
  id: string;
  name: string;
  price: number;
  stock: number;
  category: string;
}

export function loadProducts(): Product[] {
  return JSON.parse(readFileSync("data/products.json", "utf8")) as Product[];
}

export function checkStock(product: Product, quantity: number): boolean {
  return product.stock >= quantity;
}

export function lowStock(products: Product[]): Product[] {
  const { lowStockThreshold } = loadConfig();
  return products.filter((product) => product.stock < lowStockThreshold);
}

export function restock(product: Product, amount: number): Product {
  // TODO: log restocks
  return { ...product, stock: product.stock + amount };
}
