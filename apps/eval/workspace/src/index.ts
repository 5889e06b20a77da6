import { Cart } from "./cart";
import { loadConfig } from "./config";
import { loadProducts, lowStock } from "./inventory";

export function main(): void {
  const settings = loadConfig();
  const products = loadProducts();
  const cart = new Cart();
  cart.addItem(products[0], 2);
  console.log(`serving on port ${settings.port}`);
  console.log(`low stock: ${lowStock(products).length} products`);
}

main();
