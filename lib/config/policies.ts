import type { PolicyPageKey } from './pages';

/**
 * The policy pages' structure: the order of each page's sections (their ids are the heading
 * anchors and the message keys under `Policies.<page>.sections`) and the date the texts were
 * last changed. tests/config/policies.test.ts keeps this list and messages/en.json in step.
 */
export const POLICIES_LAST_UPDATED = '2026-11-28';

export const policySections = {
  terms: ['service', 'accounts', 'plans', 'acceptable-use', 'content', 'availability', 'liability', 'contact'],
  privacy: ['data-we-process', 'purposes', 'sharing', 'retention', 'cookies', 'your-rights', 'security', 'children'],
  paymentPolicy: [
    'plans',
    'periods',
    'query-packs',
    'gateways',
    'paypal-subscriptions',
    'confirmation',
    'failed-payments',
    'changing-plans',
    'invoices',
  ],
  warrantyPolicy: [
    'our-promise',
    'availability',
    'support',
    'refunds',
    'not-refundable',
    'how-to-ask',
    'duplicate-charges',
    'consumer-rights',
    'changes',
  ],
  otherPolicies: [
    'acceptable-use',
    'group-admins',
    'enforcement',
    'data-retention',
    'intellectual-property',
    'communications',
    'law-and-disputes',
    'contact',
  ],
} as const satisfies Record<PolicyPageKey, readonly string[]>;
