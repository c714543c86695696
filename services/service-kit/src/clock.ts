/** Domain code takes a clock so time rules are testable. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = {
  now: () => new Date(),
};

/** A clock for tests: starts at `start` and moves only when told. */
export interface ManualClock extends Clock {
  set(date: Date | string | number): void;
  advance(ms: number): void;
}

export function manualClock(start: Date | string | number = '2025-01-01T12:00:00Z'): ManualClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = new Date(date).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
