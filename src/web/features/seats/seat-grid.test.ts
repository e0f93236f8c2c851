import { describe, expect, it } from 'vitest';
import { moveCursor } from './seat-grid';

const rows = [
  { row: 1, letters: ['A', 'B', 'C', 'D', 'E', 'F'] },
  { row: 2, letters: ['A', 'B', 'C', 'D', 'E', 'F'] },
  { row: 3, letters: ['A', 'B', 'C'] },
];

describe('seat map keyboard cursor', () => {
  it('moves along a row and stops at its ends', () => {
    expect(moveCursor(rows, '1A', 'ArrowRight')).toBe('1B');
    expect(moveCursor(rows, '1A', 'ArrowLeft')).toBe('1A');
    expect(moveCursor(rows, '1F', 'ArrowRight')).toBe('1F');
    expect(moveCursor(rows, '1C', 'Home')).toBe('1A');
    expect(moveCursor(rows, '1C', 'End')).toBe('1F');
  });

  it('moves between rows to the same letter, or the nearest one where the seat is missing', () => {
    expect(moveCursor(rows, '1D', 'ArrowDown')).toBe('2D');
    expect(moveCursor(rows, '2F', 'ArrowDown')).toBe('3C');
    expect(moveCursor(rows, '3B', 'ArrowUp')).toBe('2B');
    expect(moveCursor(rows, '1B', 'ArrowUp')).toBe('1B');
    expect(moveCursor(rows, '3A', 'ArrowDown')).toBe('3A');
  });

  it('ignores other keys', () => {
    expect(moveCursor(rows, '2C', 'x')).toBe('2C');
  });
});
