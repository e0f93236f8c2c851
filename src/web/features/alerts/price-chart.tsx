import type { AlertView } from '../../../core/alerts';

/**
 * A small SVG line of an alert's price checks (gaps where nothing was on sale), with the target
 * as a dashed line. The label states what the line shows for screen readers.
 */
export function PriceChart({ history, target, format }: { history: AlertView['priceHistory']; target: number; format(amount: number): string }) {
  const prices = history.map((p) => p.price).filter((p): p is number => p !== null);
  if (prices.length === 0) return <p className="small muted pa-chart-empty">No price checks yet: the first one runs within a minute or two.</p>;
  const width = 240;
  const height = 48;
  const lo = Math.min(target, ...prices);
  const hi = Math.max(target, ...prices);
  const span = Math.max(1, hi - lo);
  const x = (i: number) => (history.length === 1 ? width / 2 : (i / (history.length - 1)) * (width - 8) + 4);
  const y = (price: number) => height - 4 - ((price - lo) / span) * (height - 8);
  const segments: string[] = [];
  let current = '';
  history.forEach((point, i) => {
    if (point.price === null) {
      if (current) segments.push(current);
      current = '';
      return;
    }
    current += `${current ? ' L' : 'M'}${x(i).toFixed(1)},${y(point.price).toFixed(1)}`;
  });
  if (current) segments.push(current);
  const latest = prices[prices.length - 1]!;
  const label = `Price history: ${prices.length} check${prices.length === 1 ? '' : 's'}, lowest ${format(Math.min(...prices))}, highest ${format(Math.max(...prices))}, latest ${format(latest)}; target ${format(target)}`;
  return (
    <svg className="pa-chart" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label} preserveAspectRatio="none">
      <line x1="0" x2={width} y1={y(target)} y2={y(target)} className="pa-chart-target" />
      {segments.map((d, i) => (
        <path key={i} d={d} className="pa-chart-line" />
      ))}
      {history.length > 0 && history[history.length - 1]!.price !== null ? <circle cx={x(history.length - 1)} cy={y(latest)} r="3" className="pa-chart-dot" /> : null}
    </svg>
  );
}
