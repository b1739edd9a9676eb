import { geocodeTown, loadTowns, normalise, searchTowns } from './gazetteer';

describe('offline gazetteer of French communes', () => {
  it('holds nearly every commune, each with a postcode, an INSEE code and a point in France', () => {
    const towns = loadTowns();
    expect(towns.length).toBeGreaterThan(34000);
    const lille = towns.find((t) => t.citycode === '59350');
    expect(lille).toMatchObject({
      name: 'Lille',
      postcode: '59000',
      context: '59, Nord, Hauts-de-France',
      precision: 'town',
    });
    expect(lille!.lat).toBeCloseTo(50.63, 1);
    expect(lille!.lng).toBeCloseTo(3.06, 1);
    // Overseas departments too.
    expect(towns.find((t) => t.citycode === '97209')).toMatchObject({ name: 'Fort-de-France' });
    const ownPoints = towns.filter((t) => t.precision === 'town').length;
    expect(ownPoints).toBeGreaterThan(8000);
  });

  it('finds by accent-free prefix, bigger towns first', () => {
    const started = Date.now();
    expect(searchTowns('lill', 5)[0].name).toBe('Lille');
    expect(searchTowns('saint etienne', 3)[0].name).toBe('Saint-Étienne');
    expect(searchTowns('st etienne', 3)[0].name).toBe('Saint-Étienne');
    expect(searchTowns('Évry', 3)[0].name).toBe('Évry-Courcouronnes');
    expect(searchTowns('paris', 10)[0]).toMatchObject({ name: 'Paris', citycode: '75056' });
    expect(searchTowns('69001 lyon', 3)[0].name).toBe('Lyon');
    expect(searchTowns('zzzzqx', 3)).toEqual([]);
    expect(searchTowns('a', 10)).toHaveLength(10);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('places a free-text address at its town', () => {
    expect(geocodeTown('10 Rue de la République 69001 Lyon')?.name).toBe('Lyon');
    expect(geocodeTown('3 place du Général de Gaulle, 59800 Lille')?.citycode).toBe('59350');
    expect(geocodeTown('12 rue Nationale Tours')?.name).toBe('Tours');
    expect(geocodeTown('nulle part')).toBeNull();
  });

  it('normalises accents, apostrophes and abbreviations', () => {
    expect(normalise("L'Haÿ-les-Roses")).toBe('l hay les roses');
    expect(normalise('Ste-Foy')).toBe('sainte foy');
  });
});
