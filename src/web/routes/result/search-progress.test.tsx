import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onAnnounce } from '../../lib/announce';
import { PROGRESS_AFTER_MS, SearchProgress, useSlowSearchSeconds } from './search-progress';

function Probe({ waiting, searchKey }: { waiting: boolean; searchKey: string }) {
  const seconds = useSlowSearchSeconds(waiting, searchKey);
  return seconds === null ? <p>no progress</p> : <SearchProgress seconds={seconds} />;
}

/** Moves the fake clock and timers by `ms`, rendering what they change. */
const pass = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('the Results wait on the airlines', () => {
  const spoken: string[] = [];
  let stop: () => void = () => {};
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    spoken.length = 0;
    stop = onAnnounce((message) => spoken.push(message));
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('stays hidden for an answer as fast as the world’s', () => {
    const { rerender } = render(<Probe waiting searchKey="a" />);
    pass(PROGRESS_AFTER_MS - 1);
    rerender(<Probe waiting={false} searchKey="a" />);
    pass(5000);
    expect(screen.getByText('no progress')).toBeTruthy();
    expect(spoken).toEqual([]);
  });

  it('counts the seconds of a slow answer, speaks at the start and every 10 s, and starts again for a new search', () => {
    const { rerender } = render(<Probe waiting searchKey="a" />);
    pass(PROGRESS_AFTER_MS);
    expect(screen.getByText(/Asking airlines…/)).toBeTruthy();
    expect(screen.getByText('1 s')).toBeTruthy();
    pass(11_000);
    expect(screen.getByText('12 s')).toBeTruthy();
    expect(spoken).toEqual(['Asking airlines for fares. This can take a few seconds.', 'Still asking airlines, 10 seconds so far.']);

    // Another query: the old wait is gone at once and the new one is counted from zero.
    rerender(<Probe waiting searchKey="b" />);
    expect(screen.getByText('no progress')).toBeTruthy();
    pass(PROGRESS_AFTER_MS);
    expect(screen.getByText('1 s')).toBeTruthy();

    rerender(<Probe waiting={false} searchKey="b" />);
    expect(screen.getByText('no progress')).toBeTruthy();
  });
});
