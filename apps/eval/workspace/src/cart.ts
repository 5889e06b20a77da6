import { loadConfig } from "./config";
import { formatLine, formatPrice } from "./format";
import { checkStock, type Product } from "./inventory";
import { applyDiscount, priceWithTax } from "./pricing";

export interface CartItem {
  product: Product;
  quantity: number;
}

export class Cart {
  private items: CartItem[] = [];

  addItem(product: Product, quantity = 1): void {
    if (!checkStock(product, quantity)) throw new Error(`only ${product.stock} left of ${product.name}`);
    if (this.items.length >= loadConfig().maxCartItems) throw new Error("cart is full");
    this.items.push({ product, quantity });
  }

  removeItem(productId: string): void {
    this.items = this.items.filter((item) => item.product.id !== productId);
  }

  cartTotal(discountPercent = 0): number {
    const subtotal = this.items.reduce((sum, item) => sum + item.product.price * item.quantity, 0);
    return priceWithTax(subtotal, discountPercent);
  }

  receipt(): string[] {
    const { currency } = loadConfig();
    const lines = this.items.map((item) =>
      formatLine(item.product.name, item.quantity, item.product.price * item.quantity, currency),
    );
    // TODO: show the discount on the receipt
    lines.push(`total: ${formatPrice(this.cartTotal(), currency)}`);
    return lines;
  }
}

export function couponTotal(cart: Cart, code: string): number {
  const percent = code === "WELCOME10" ? 10 : 0;
  return applyDiscount(cart.cartTotal(), percent);
}
