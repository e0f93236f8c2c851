/** Time source passed to domain code so tests control "now". */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved; for tests. */
export function createFixedClock(start: Date | string): Clock & { set(at: Date | string): void; advance(ms: number): void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (at) => {
      current = new Date(at);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

/** A clock running `offsetMs` ahead of another (negative: behind); the offset can be moved. */
export interface OffsetClock extends Clock {
  setOffset(ms: number): void;
  offsetMs(): number;
}

/**
 * The server clock of the browser tests (TEST_CLOCK_CONTROL, NODE_ENV=test only): real time plus
 * an offset the test-only route /api/test/clock sets, so a test can move to a check-in window.
 * @example const clock = createOffsetClock(systemClock); clock.setOffset(3 * 86_400_000)
 */
export function createOffsetClock(base: Clock): OffsetClock {
  let offset = 0;
  return {
    now: () => new Date(base.now().getTime() + offset),
    setOffset: (ms) => {
      offset = ms;
    },
    offsetMs: () => offset,
  };
}

/** The clock can be moved by the test-only clock route. */
export const isOffsetClock = (clock: Clock): clock is OffsetClock => 'setOffset' in clock && 'offsetMs' in clock;
