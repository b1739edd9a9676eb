import { formatAuditValue } from '../src/audit/audit-value';

describe('audit values in the PDF', () => {
  it('writes values in short French', () => {
    expect(formatAuditValue(null)).toBe('—');
    expect(formatAuditValue('')).toBe('—');
    expect(formatAuditValue(true)).toBe('Oui');
    expect(formatAuditValue(['a', 'b'])).toBe('a, b');
    expect(formatAuditValue({ label: 'Lyon', lat: 1 })).toBe('Lyon');
    expect(formatAuditValue({ a: 1 })).toBe('{"a":1}');
    expect(formatAuditValue('2026-11-22T09:00:00.000Z')).toBe('22/11/2026 10:00:00');
    expect(formatAuditValue('x'.repeat(300), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
