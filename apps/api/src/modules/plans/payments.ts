import type { TPlan, TPlanInterval } from '@tarifa/contract';

/** What a payment provider is asked when a user chooses a paid plan (docs/plans.md). */
export interface Checkout {
  userUuid: string;
  plan: TPlan;
  /** Null on the free plan: nothing to pay. */
  interval: TPlanInterval | null;
}

/**
 * Where the payment for a plan is taken. The subscription is recorded with the provider's name and
 * its reference; a provider that cannot take the payment throws, and nothing is recorded.
 */
export interface PaymentProvider {
  name: string;
  checkout(checkout: Checkout): Promise<{ reference: string | null }>;
}

/** The provider in use today: no payment is taken, the choice is only recorded. */
export const noPayment: PaymentProvider = {
  name: 'none',
  checkout: async () => ({ reference: null }),
};
