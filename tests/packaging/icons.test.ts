// The icons the installers use, made once from build/icon.svg by scripts/make-icons.ts and
// committed: every size each system needs is there, really is that size, and is a PNG inside the
// .ico and .icns containers.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ICNS_TYPES, ICO_SIZES, PNG_SIZES } from '../../scripts/icon-sizes';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk. */
function pngSize(data: Buffer): { width: number; height: number } {
  expect(data.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

describe('the app icons', () => {
  it('has a square PNG per Linux size, drawn from the one SVG', () => {
    expect(readFileSync('build/icon.svg', 'utf8')).toMatch(/^<svg [^>]*viewBox="0 0 1024 1024"/);
    for (const size of PNG_SIZES)
      expect(pngSize(readFileSync(`build/icons/${size}x${size}.png`)), `${size}`).toEqual({ width: size, height: size });
  });

  it('has a Windows .ico holding each size up to 256', () => {
    const ico = readFileSync('build/icon.ico');
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const count = ico.readUInt16LE(4);
    const sizes = Array.from({ length: count }, (_, index) => {
      const entry = 6 + 16 * index;
      const image = ico.subarray(ico.readUInt32LE(entry + 12), ico.readUInt32LE(entry + 12) + ico.readUInt32LE(entry + 8));
      const { width } = pngSize(image);
      expect(ico.readUInt8(entry), `entry ${index}`).toBe(width >= 256 ? 0 : width);
      return width;
    });
    expect(sizes).toEqual(ICO_SIZES);
  });

  it('has a macOS .icns with every type up to 1024, Retina variants included', () => {
    const icns = readFileSync('build/icon.icns');
    expect(icns.toString('ascii', 0, 4)).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const found: Record<string, number> = {};
    for (let offset = 8; offset < icns.length; offset += icns.readUInt32BE(offset + 4)) {
      found[icns.toString('ascii', offset, offset + 4)] = pngSize(icns.subarray(offset + 8, offset + icns.readUInt32BE(offset + 4))).width;
    }
    expect(found).toEqual(ICNS_TYPES);
  });
});
