import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { Canvas, encodePng } from './png';

describe('encodePng / Canvas', () => {
  it('writes a PNG that readers accept, with the pixels drawn', async () => {
    const png = new Canvas(5, 4, [255, 255, 255]).rect(1, 1, 2, 2, [10, 20, 30]).png();
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.readUInt32BE(16)).toBe(5);
    expect(png.readUInt32BE(20)).toBe(4);
    const image = await (await PDFDocument.create()).embedPng(png);
    expect([image.width, image.height]).toEqual([5, 4]);
    // IDAT starts after the signature (8) and IHDR (25): length, type, data.
    const idatLength = png.readUInt32BE(33);
    const raw = inflateSync(png.subarray(41, 41 + idatLength));
    const row = (y: number) => [...raw.subarray(y * 16 + 1, (y + 1) * 16)];
    expect(row(0)).toEqual(Array(15).fill(255));
    expect(row(1)).toEqual([255, 255, 255, 10, 20, 30, 10, 20, 30, 255, 255, 255, 255, 255, 255]);
  });

  it('clips shapes to the canvas and refuses a wrong buffer size', () => {
    const canvas = new Canvas(4, 4, [0, 0, 0])
      .rect(-2, -2, 3, 3, [9, 9, 9])
      .rect(3, 3, 9, 9, [7, 7, 7]);
    expect([...canvas.pixels.subarray(0, 3)]).toEqual([9, 9, 9]);
    expect([...canvas.pixels.subarray(45, 48)]).toEqual([7, 7, 7]);
    expect(() => encodePng(2, 2, new Uint8Array(3))).toThrow(RangeError);
  });
});
