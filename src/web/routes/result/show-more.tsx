/** How many results a list shows at first, and how many more each "Show more" adds. */
export const PAGE_SIZE = 20;

/**
 * "Showing N of M" and the button that shows up to PAGE_SIZE more, under a list of results;
 * nothing when every result is shown.
 * @example <ShowMore shown={visible.length} total={all.length} noun="flights" onMore={() => setLimit(limit + PAGE_SIZE)} />
 */
export function ShowMore({ shown, total, noun, onMore }: { shown: number; total: number; noun: string; onMore: () => void }) {
  const more = Math.min(PAGE_SIZE, total - shown);
  if (more <= 0) return null;
  return (
    <div className="show-more">
      <p className="muted small">
        Showing {shown} of {total}
      </p>
      <button type="button" className="btn" onClick={onMore}>
        Show {more} more {noun}
      </button>
    </div>
  );
}
