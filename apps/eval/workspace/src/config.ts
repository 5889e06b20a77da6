import { readFileSync } from "node:fs";

export interface Settings {
  currency: string;
  taxRate: number;
  port: number;
  maxCartItems: number;
  features: { coupons: boolean; giftCards: boolean };
  lowStockThreshold: number;
}

export function loadConfig(path = "config/settings.json"): Settings {
  // TODO: validate the settings with zod
  return JSON.parse(readFileSync(path, "utf8")) as Settings;
}
