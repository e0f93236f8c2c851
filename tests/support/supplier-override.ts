import type { FlightSupplier } from '../../src/domain/suppliers/supplier';

/** The supplier with some calls answered differently (the rest go to it, bound to it). */
export function overriding(base: FlightSupplier, over: Partial<FlightSupplier>): FlightSupplier {
  return new Proxy(base, {
    get(target, key, receiver) {
      if (typeof key === 'string' && key in over) return over[key as keyof FlightSupplier];
      const value: unknown = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? (value.bind(target) as unknown) : value;
    },
  });
}
