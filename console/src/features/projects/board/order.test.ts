import { orderIds, positionForDrop } from './order';

describe('column order', () => {
  const rank = (ids: string[]) => (id: string) => ids.indexOf(id);

  it('gives a dropped tile the midpoint of its new neighbours', () => {
    const ids = ['a', 'b', 'c'];
    expect(positionForDrop(ids, {}, 'b', rank(ids))).toBe(0.5);
    expect(positionForDrop(ids, {}, 'a', rank(ids))).toBe(-1);
    expect(positionForDrop(ids, {}, null, rank(ids))).toBe(3);
    expect(positionForDrop(ids, { a: 0, b: 0.5 }, 'b', rank(ids))).toBe(0.25);
  });

  it('orders by stored position, else by the server order', () => {
    expect(orderIds(['a', 'b', 'c'], { c: -1 })).toEqual(['c', 'a', 'b']);
    expect(orderIds(['a', 'b', 'c'], { a: 1.5 })).toEqual(['b', 'a', 'c']);
  });
});
