import { wrapText } from './wrap-text';

describe('wrapText', () => {
  it('wraps on word boundaries within the width', () => {
    const lines = wrapText('Appartement lumineux proche de la gare', 15);
    expect(lines).toEqual(['Appartement', 'lumineux proche', 'de la gare']);
    expect(lines.every((l) => l.length <= 15)).toBe(true);
  });

  it('cuts words longer than a line and keeps paragraphs', () => {
    expect(wrapText('abcdefghij\nxy', 4)).toEqual(['abcd', 'efgh', 'ij', 'xy']);
  });

  it('drops control characters', () => {
    expect(wrapText('a\u0007b', 10)).toEqual(['a b']);
  });
});
