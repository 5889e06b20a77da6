export function formatPrice(amount: number, currency: string): string {
  return `${amount.toFixed(2)} ${currency}`;
}

export function formatLine(name: string, quantity: number, amount: number, currency: string): string {
  return `${quantity} x ${name}: ${formatPrice(amount, currency)}`;
}
