import { formatComputedValue } from './computed-values';

describe('computed fields of a file, as the Info tab shows them', () => {
  it('writes the contractual distance in km, the time in h and min, the address without coordinates', () => {
    expect(formatComputedValue('project', 'contractualDistance', 580877)).toBe('581 km');
    expect(formatComputedValue('project', 'contractualTime', 16218)).toBe('4 h 30 min');
    expect(formatComputedValue('project', 'contractualTime', 2700)).toBe('45 min');
    expect(
      formatComputedValue('project', 'lastContractualAddress1', 'Bordeaux@44.8378,-0.5792'),
    ).toBe('Bordeaux');
    expect(
      formatComputedValue(
        'project',
        'lastContractualAddress2',
        '72 place du Marché, 13001 Marseille@43.2965,5.3698',
      ),
    ).toBe('72 place du Marché, 13001 Marseille');
  });

  it('leaves other fields, other aggregates and other kinds of values to the caller', () => {
    expect(formatComputedValue('project', 'budget', 1200)).toBeNull();
    expect(formatComputedValue('prospect', 'contractualDistance', 580877)).toBeNull();
    expect(formatComputedValue('project', 'contractualDistance', null)).toBeNull();
  });
});
