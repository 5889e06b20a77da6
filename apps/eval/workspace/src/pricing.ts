import { loadConfig } from "./config";

export function applyDiscount(amount: number, percent: number): number {
  if (percent <= 0) return amount;
  return Math.round(amount * (100 - percent)) / 100;
}

export function computeTax(amount: number): number {
  const settings = loadConfig();
  return Math.round(amount * settings.taxRate * 100) / 100;
}

// TODO: support per-category tax rates
export function priceWithTax(amount: number, discountPercent = 0): number {
  const discounted = applyDiscount(amount, discountPercent);
  return discounted + computeTax(discounted);
}
