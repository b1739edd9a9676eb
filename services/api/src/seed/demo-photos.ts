import { Canvas, Rgb } from '@reloc/pdf';

const SKIES: Rgb[] = [
  [170, 210, 235],
  [200, 225, 240],
  [240, 200, 170],
  [185, 200, 215],
];
const WALLS: Rgb[] = [
  [232, 214, 178],
  [240, 236, 226],
  [205, 150, 120],
  [225, 225, 215],
  [245, 220, 190],
];
const ROOFS: Rgb[] = [
  [160, 70, 50],
  [80, 85, 95],
  [185, 95, 60],
];
const SHUTTERS: Rgb[] = [
  [96, 166, 148],
  [70, 110, 160],
  [150, 60, 60],
  [110, 110, 110],
];
const GLASS: Rgb = [120, 160, 190];
const GRASS: Rgb = [110, 160, 90];
const PAVEMENT: Rgb = [170, 170, 165];

const WIDTH = 320;
const HEIGHT = 240;

function windowWithShutters(canvas: Canvas, x: number, y: number, shutter: Rgb): void {
  canvas.rect(x - 8, y, 8, 30, shutter).rect(x + 22, y, 8, 30, shutter);
  canvas.rect(x, y, 22, 30, [250, 250, 250]).rect(x + 2, y + 2, 18, 26, GLASS);
  canvas.rect(x + 10, y + 2, 2, 26, [250, 250, 250]);
}

/** A detached house: walls, a pitched roof, a door, shuttered windows, a lawn. */
function house(variant: number): Canvas {
  const wall = WALLS[variant % WALLS.length];
  const canvas = new Canvas(WIDTH, HEIGHT, SKIES[variant % SKIES.length]);
  canvas.rect(0, 190, WIDTH, 50, GRASS);
  canvas.rect(50, 100, 220, 100, wall);
  canvas.rect(200, 50, 18, 30, [120, 60, 45]); // chimney, its foot hidden by the roof
  canvas.roof(36, 100, 248, 60, ROOFS[variant % ROOFS.length]);
  const shutter = SHUTTERS[variant % SHUTTERS.length];
  windowWithShutters(canvas, 80, 125, shutter);
  windowWithShutters(canvas, 218, 125, shutter);
  canvas.rect(145, 135, 30, 65, [110, 70, 45]).rect(168, 165, 3, 4, [230, 200, 80]);
  canvas.rect(150, 200, 20, 40, PAVEMENT);
  return canvas;
}

/** A town building: several floors of windows and a shopfront. */
function building(variant: number): Canvas {
  const wall = WALLS[(variant + 1) % WALLS.length];
  const canvas = new Canvas(WIDTH, HEIGHT, SKIES[variant % SKIES.length]);
  canvas.rect(0, 215, WIDTH, 25, PAVEMENT);
  canvas.rect(40, 30, 240, 185, wall);
  canvas.rect(34, 22, 252, 10, ROOFS[(variant + 1) % ROOFS.length]);
  const shutter = SHUTTERS[(variant + 2) % SHUTTERS.length];
  for (let floor = 0; floor < 4; floor++)
    for (let column = 0; column < 4; column++)
      windowWithShutters(canvas, 66 + column * 56, 42 + floor * 38, shutter);
  canvas.rect(40, 196, 240, 4, [90, 90, 90]);
  canvas.rect(140, 200, 40, 15, [110, 70, 45]);
  return canvas;
}

/** The demo catalogue's photos, drawn at seed time: the same bytes on every run. */
export function demoPhotos(count = 8): Buffer[] {
  return Array.from({ length: count }, (_, i) => (i % 2 ? building(i) : house(i)).png());
}
