import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { type Currency, DEFAULT_CURRENCY, formatMoney, isCurrency } from '../../core/currency';
import { readStored, writeStored } from './storage';

const KEY = 'currency';

interface CurrencyValue {
  currency: Currency;
  setCurrency(currency: Currency): void;
  /** Formats an INR amount in the selected currency. */
  format(amountInr: number): string;
}

const CurrencyContext = createContext<CurrencyValue | null>(null);

export function CurrencyProvider({ children }: { children: ReactNode }) {
  const [currency, setState] = useState<Currency>(() => {
    const saved = readStored(KEY);
    return isCurrency(saved) ? saved : DEFAULT_CURRENCY;
  });
  const setCurrency = useCallback((next: Currency) => {
    writeStored(KEY, next);
    setState(next);
  }, []);
  const value = useMemo<CurrencyValue>(
    () => ({ currency, setCurrency, format: (amountInr) => formatMoney(amountInr, currency) }),
    [currency, setCurrency],
  );
  return <CurrencyContext.Provider value={value}>{children}</CurrencyContext.Provider>;
}

export function useCurrency(): CurrencyValue {
  const value = useContext(CurrencyContext);
  if (!value) throw new Error('useCurrency must be used inside CurrencyProvider');
  return value;
}
