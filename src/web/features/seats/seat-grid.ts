/**
 * Moving the keyboard cursor on a seat map (a grid with holes): arrow keys go to the nearest seat
 * in that direction (left/right along the row, up/down to the same letter or the nearest one in the
 * next row that has seats), Home/End to the row's first and last seat. Returns the new seat code,
 * or the current one when there is nowhere to go.
 * @example moveCursor(rows, '12A', 'ArrowRight') // '12B'
 */
export function moveCursor(rows: readonly { row: number; letters: readonly string[] }[], current: string, key: string): string {
  const r = rows.findIndex((x) => x.letters.some((l) => `${x.row}${l}` === current));
  const row = rows[r];
  if (!row) return rows[0] ? `${rows[0].row}${rows[0].letters[0] ?? ''}` : current;
  const i = row.letters.findIndex((l) => `${row.row}${l}` === current);
  const at = (x: { row: number; letters: readonly string[] } | undefined, letter: string | undefined) => (x && letter ? `${x.row}${letter}` : current);
  switch (key) {
    case 'ArrowLeft':
      return at(row, row.letters[Math.max(0, i - 1)]);
    case 'ArrowRight':
      return at(row, row.letters[Math.min(row.letters.length - 1, i + 1)]);
    case 'Home':
      return at(row, row.letters[0]);
    case 'End':
      return at(row, row.letters[row.letters.length - 1]);
    case 'ArrowUp':
    case 'ArrowDown': {
      const step = key === 'ArrowUp' ? -1 : 1;
      const next = rows[r + step];
      if (!next) return current;
      const letter = row.letters[i] ?? '';
      if (next.letters.includes(letter)) return at(next, letter);
      // The nearest letter by alphabet (rows with missing seats).
      const nearest = [...next.letters].sort((a, b) => Math.abs(a.charCodeAt(0) - letter.charCodeAt(0)) - Math.abs(b.charCodeAt(0) - letter.charCodeAt(0)))[0];
      return at(next, nearest);
    }
    default:
      return current;
  }
}
