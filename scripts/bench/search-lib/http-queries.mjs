// Query mix shared by the HTTP search benchmark and scripts/profile-search.mjs.

/** Busy pairs, hub-to-spoke, spoke-to-spoke and international. */
export const PAIRS = [['DEL', 'BOM'], ['BOM', 'BLR'], ['DEL', 'BLR'], ['HYD', 'MAA'], ['DEL', 'IXJ'], ['IXM', 'IXJ'], ['GOI', 'CCU'], ['PNQ', 'GAU'], ['BOM', 'DXB'], ['DEL', 'LHR'], ['BLR', 'SIN'], ['CCU', 'CDG'], ['LKO', 'COK'], ['JAI', 'TRV'], ['AMD', 'IXZ'], ['LHR', 'CDG']];

/** 14 dates from 2026-12-01 (the server's real clock must be before them). */
export const DATES = Array.from({ length: 14 }, (_, i) => new Date(Date.UTC(2026, 11, 1 + i)).toISOString().slice(0, 10));

/** 16 pairs × 14 dates, 1 adult: repeats, so the result cache answers after the first round. */
export function repeatedSearchPaths() {
  const paths = [];
  for (const date of DATES) for (const [from, to] of PAIRS) paths.push(`/api/search?from=${from}&to=${to}&date=${date}&adults=1`);
  return paths;
}

/** 2,016 distinct queries (16 pairs × 14 dates × 1–9 adults), shuffled reproducibly: every request misses the result cache. */
export function distinctSearchPaths() {
  const distinct = [];
  for (const p of repeatedSearchPaths()) for (let adults = 1; adults <= 9; adults++) distinct.push(p.replace('adults=1', `adults=${adults}`));
  for (let i = distinct.length - 1; i > 0; i--) {
    const j = (i * 7919) % (i + 1);
    [distinct[i], distinct[j]] = [distinct[j], distinct[i]];
  }
  return distinct;
}
