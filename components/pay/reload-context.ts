'use client';
import { createContext, useContext } from 'react';

/**
 * Asks PayView to fetch the payer's view again (after the plan was cancelled, say): the page is
 * prerendered, so a router refresh would not re-read anything.
 */
const PayViewReload = createContext<() => void>(() => undefined);

export const PayViewReloadProvider = PayViewReload.Provider;
export const usePayViewReload = () => useContext(PayViewReload);
