import { describe, expect, it } from "vitest";
import { Cart } from "../src/cart";
import { applyDiscount } from "../src/pricing";

const beans = { id: "p1", name: "Espresso beans", price: 12.5, stock: 40, category: "coffee" };

describe("cart", () => {
  it("applies a discount", () => {
    expect(applyDiscount(100, 10)).toBe(90);
  });

  it("refuses more than the stock", () => {
    const cart = new Cart();
    expect(() => cart.addItem(beans, 41)).toThrow();
  });
});
