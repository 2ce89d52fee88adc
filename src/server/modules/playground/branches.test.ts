import { describe, expect, it } from 'vitest';
import { childrenOf, leafThrough, pathTo } from './branches';

// u1 -> a1 -> u2 -> a2, a2' (regenerated); u2' (edit of u2) -> a3
const rows = [
  { id: 'u1', parent_id: null },
  { id: 'a1', parent_id: 'u1' },
  { id: 'u2', parent_id: 'a1' },
  { id: 'a2', parent_id: 'u2' },
  { id: 'a2b', parent_id: 'u2' },
  { id: 'u2b', parent_id: 'a1' },
  { id: 'a3', parent_id: 'u2b' },
];

describe('conversation branches', () => {
  it('reads a branch from its last message back to the first, in order', () => {
    expect(pathTo(rows, 'a2').map((r) => r.id)).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(pathTo(rows, 'a3').map((r) => r.id)).toEqual(['u1', 'a1', 'u2b', 'a3']);
    expect(pathTo(rows, null)).toEqual([]);
    expect(pathTo(rows, 'missing')).toEqual([]);
  });

  it('lists alternatives oldest first', () => {
    const children = childrenOf(rows);
    expect(children.get('u2')).toEqual(['a2', 'a2b']);
    expect(children.get('a1')).toEqual(['u2', 'u2b']);
    expect(children.get(null)).toEqual(['u1']);
  });

  it('follows the newest alternative down from a message to the end of its branch', () => {
    expect(leafThrough(rows, 'u2')).toBe('a2b');
    expect(leafThrough(rows, 'a2')).toBe('a2');
    expect(leafThrough(rows, 'u1')).toBe('a3');
  });

  it('survives a cycle in bad data', () => {
    const loop = [
      { id: 'x', parent_id: 'y' },
      { id: 'y', parent_id: 'x' },
    ];
    expect(pathTo(loop, 'x').map((r) => r.id)).toEqual(['y', 'x']);
    expect(leafThrough(loop, 'x')).toBe('y');
  });
});
