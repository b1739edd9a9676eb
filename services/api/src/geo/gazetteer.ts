/**
 * The offline fallback of the address search (embedded mode, no address service configured):
 * French towns with their main postcode, INSEE code and town-hall coordinates. Answers are
 * town-level estimates and say so (`type: 'municipality'`, `estimate: true`).
 */
export type Town = {
  name: string;
  postcode: string;
  citycode: string;
  context: string;
  lat: number;
  lng: number;
};

const T = (
  name: string,
  postcode: string,
  citycode: string,
  context: string,
  lat: number,
  lng: number,
): Town => ({
  name,
  postcode,
  citycode,
  context,
  lat,
  lng,
});

export const TOWNS: readonly Town[] = [
  T('Paris', '75001', '75056', '75, Paris, Île-de-France', 48.8566, 2.3522),
  T(
    'Marseille',
    '13001',
    '13055',
    '13, Bouches-du-Rhône, Provence-Alpes-Côte d’Azur',
    43.2965,
    5.3698,
  ),
  T('Lyon', '69001', '69123', '69, Rhône, Auvergne-Rhône-Alpes', 45.764, 4.8357),
  T('Toulouse', '31000', '31555', '31, Haute-Garonne, Occitanie', 43.6045, 1.4442),
  T('Nice', '06000', '06088', '06, Alpes-Maritimes, Provence-Alpes-Côte d’Azur', 43.7102, 7.262),
  T('Nantes', '44000', '44109', '44, Loire-Atlantique, Pays de la Loire', 47.2184, -1.5536),
  T('Montpellier', '34000', '34172', '34, Hérault, Occitanie', 43.6108, 3.8767),
  T('Strasbourg', '67000', '67482', '67, Bas-Rhin, Grand Est', 48.5734, 7.7521),
  T('Bordeaux', '33000', '33063', '33, Gironde, Nouvelle-Aquitaine', 44.8378, -0.5792),
  T('Lille', '59000', '59350', '59, Nord, Hauts-de-France', 50.6292, 3.0573),
  T('Rennes', '35000', '35238', '35, Ille-et-Vilaine, Bretagne', 48.1173, -1.6778),
  T('Reims', '51100', '51454', '51, Marne, Grand Est', 49.2583, 4.0317),
  T('Toulon', '83000', '83137', '83, Var, Provence-Alpes-Côte d’Azur', 43.1242, 5.928),
  T('Saint-Étienne', '42000', '42218', '42, Loire, Auvergne-Rhône-Alpes', 45.4397, 4.3872),
  T('Le Havre', '76600', '76351', '76, Seine-Maritime, Normandie', 49.4944, 0.1079),
  T('Grenoble', '38000', '38185', '38, Isère, Auvergne-Rhône-Alpes', 45.1885, 5.7245),
  T('Dijon', '21000', '21231', '21, Côte-d’Or, Bourgogne-Franche-Comté', 47.322, 5.0415),
  T('Angers', '49000', '49007', '49, Maine-et-Loire, Pays de la Loire', 47.4784, -0.5632),
  T('Nîmes', '30000', '30189', '30, Gard, Occitanie', 43.8367, 4.3601),
  T('Villeurbanne', '69100', '69266', '69, Rhône, Auvergne-Rhône-Alpes', 45.7719, 4.8902),
  T('Clermont-Ferrand', '63000', '63113', '63, Puy-de-Dôme, Auvergne-Rhône-Alpes', 45.7772, 3.087),
  T('Le Mans', '72000', '72181', '72, Sarthe, Pays de la Loire', 48.0061, 0.1996),
  T(
    'Aix-en-Provence',
    '13100',
    '13001',
    '13, Bouches-du-Rhône, Provence-Alpes-Côte d’Azur',
    43.5297,
    5.4474,
  ),
  T('Brest', '29200', '29019', '29, Finistère, Bretagne', 48.3904, -4.4861),
  T('Tours', '37000', '37261', '37, Indre-et-Loire, Centre-Val de Loire', 47.3941, 0.6848),
  T('Amiens', '80000', '80021', '80, Somme, Hauts-de-France', 49.8941, 2.2958),
  T('Limoges', '87000', '87085', '87, Haute-Vienne, Nouvelle-Aquitaine', 45.8336, 1.2611),
  T('Annecy', '74000', '74010', '74, Haute-Savoie, Auvergne-Rhône-Alpes', 45.8992, 6.1294),
  T('Perpignan', '66000', '66136', '66, Pyrénées-Orientales, Occitanie', 42.6887, 2.8948),
  T('Boulogne-Billancourt', '92100', '92012', '92, Hauts-de-Seine, Île-de-France', 48.8397, 2.2399),
  T('Metz', '57000', '57463', '57, Moselle, Grand Est', 49.1193, 6.1757),
  T('Besançon', '25000', '25056', '25, Doubs, Bourgogne-Franche-Comté', 47.2378, 6.0241),
  T('Orléans', '45000', '45234', '45, Loiret, Centre-Val de Loire', 47.9029, 1.9093),
  T('Rouen', '76000', '76540', '76, Seine-Maritime, Normandie', 49.4432, 1.0999),
  T('Mulhouse', '68100', '68224', '68, Haut-Rhin, Grand Est', 47.7508, 7.3359),
  T('Caen', '14000', '14118', '14, Calvados, Normandie', 49.1829, -0.3707),
  T('Nancy', '54000', '54395', '54, Meurthe-et-Moselle, Grand Est', 48.6921, 6.1844),
  T('Saint-Denis', '93200', '93066', '93, Seine-Saint-Denis, Île-de-France', 48.9362, 2.3574),
  T('Argenteuil', '95100', '95018', '95, Val-d’Oise, Île-de-France', 48.9472, 2.2467),
  T('Montreuil', '93100', '93048', '93, Seine-Saint-Denis, Île-de-France', 48.8638, 2.4485),
  T('Roubaix', '59100', '59512', '59, Nord, Hauts-de-France', 50.6942, 3.1746),
  T('Tourcoing', '59200', '59599', '59, Nord, Hauts-de-France', 50.7239, 3.1612),
  T('Avignon', '84000', '84007', '84, Vaucluse, Provence-Alpes-Côte d’Azur', 43.9493, 4.8055),
  T('Nanterre', '92000', '92050', '92, Hauts-de-Seine, Île-de-France', 48.8924, 2.2071),
  T('Poitiers', '86000', '86194', '86, Vienne, Nouvelle-Aquitaine', 46.5802, 0.3404),
  T('Versailles', '78000', '78646', '78, Yvelines, Île-de-France', 48.8049, 2.1204),
  T('Créteil', '94000', '94028', '94, Val-de-Marne, Île-de-France', 48.7904, 2.4556),
  T('Pau', '64000', '64445', '64, Pyrénées-Atlantiques, Nouvelle-Aquitaine', 43.2951, -0.3708),
  T('La Rochelle', '17000', '17300', '17, Charente-Maritime, Nouvelle-Aquitaine', 46.1603, -1.1511),
  T('Colmar', '68000', '68066', '68, Haut-Rhin, Grand Est', 48.0794, 7.3585),
  T('Vannes', '56000', '56260', '56, Morbihan, Bretagne', 47.6582, -2.7608),
  T('Lorient', '56100', '56121', '56, Morbihan, Bretagne', 47.7483, -3.3702),
  T('Quimper', '29000', '29232', '29, Finistère, Bretagne', 47.996, -4.1024),
  T('Chambéry', '73000', '73065', '73, Savoie, Auvergne-Rhône-Alpes', 45.5646, 5.9178),
  T('Valence', '26000', '26362', '26, Drôme, Auvergne-Rhône-Alpes', 44.9334, 4.8924),
  T('Bayonne', '64100', '64102', '64, Pyrénées-Atlantiques, Nouvelle-Aquitaine', 43.4929, -1.4748),
  T('Cergy', '95000', '95127', '95, Val-d’Oise, Île-de-France', 49.0364, 2.0761),
  T('Massy', '91300', '91377', '91, Essonne, Île-de-France', 48.7309, 2.2713),
  T('Évry-Courcouronnes', '91000', '91228', '91, Essonne, Île-de-France', 48.6294, 2.4406),
  T('Blagnac', '31700', '31069', '31, Haute-Garonne, Occitanie', 43.6371, 1.3907),
  T(
    'Sophia Antipolis (Valbonne)',
    '06560',
    '06152',
    '06, Alpes-Maritimes, Provence-Alpes-Côte d’Azur',
    43.6163,
    7.0553,
  ),
  T('Saint-Nazaire', '44600', '44184', '44, Loire-Atlantique, Pays de la Loire', 47.2735, -2.2138),
  T('Troyes', '10000', '10387', '10, Aube, Grand Est', 48.2973, 4.0744),
  T('Niort', '79000', '79191', '79, Deux-Sèvres, Nouvelle-Aquitaine', 46.3237, -0.4588),
  T('Ajaccio', '20000', '2A004', '2A, Corse-du-Sud, Corse', 41.9192, 8.7386),
];

export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’'-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Towns whose name or postcode matches the query's words, best matches first. */
export function searchTowns(query: string, limit: number): Town[] {
  const words = normalise(query).split(' ').filter(Boolean);
  if (!words.length) return [];
  const scored = TOWNS.map((town) => {
    const name = normalise(town.name);
    let score = 0;
    for (const word of words) {
      if (/^\d+$/.test(word)) {
        if (town.postcode.startsWith(word.slice(0, 2)) && word.length <= 5)
          score += word === town.postcode ? 3 : 1;
      } else if (name.split(' ').some((part) => part.startsWith(word)))
        score += name.startsWith(word) ? 3 : 2;
    }
    return { town, score };
  }).filter((entry) => entry.score > 0);
  scored.sort((a, b) => b.score - a.score || a.town.name.localeCompare(b.town.name, 'fr'));
  return scored.slice(0, limit).map((entry) => entry.town);
}
