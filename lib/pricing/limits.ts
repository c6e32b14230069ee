/** The amounts a gateway takes, inclusive, in its currency's minor unit (a gateway's offer has them). */
export interface AmountLimits {
  min: number;
  max: number;
}

/**
 * Whether an amount is outside what a gateway takes. The pay page refuses such an amount before
 * any request, and checkout again before any redirect, with this same function.
 */
export function withinLimits(limits: AmountLimits, amount: number): 'below_min' | 'above_max' | null {
  if (amount < limits.min) return 'below_min';
  if (amount > limits.max) return 'above_max';
  return null;
}
