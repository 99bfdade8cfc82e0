// Renders the app icon from build/icon.svg into every file the installers need, once; the results
// are committed. `npm run icons` after changing the SVG. No converter to download: Chromium (the
// one the browser tests use, through playwright-core) draws the PNGs, and the .ico and .icns
// containers are written here; both simply hold PNG images.
//   build/icons/<n>x<n>.png  Linux (AppImage, deb) and the window icon
//   build/icon.ico           Windows (nsis): 16-256 px
//   build/icon.icns          macOS (dmg): 16-1024 px, Retina variants included
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { ICNS_TYPES, ICO_SIZES, PNG_SIZES } from './icon-sizes';

const svg = readFileSync('build/icon.svg', 'utf8');
const browser = await chromium.launch({ executablePath: process.env.SPIN_DESK_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const png = new Map<number, Buffer>();
try {
  const page = await browser.newPage();
  for (const size of PNG_SIZES) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    png.set(size, await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }));
  }
} finally {
  await browser.close();
}

mkdirSync('build/icons', { recursive: true });
for (const [size, data] of png) writeFileSync(`build/icons/${size}x${size}.png`, data);

// ICO: a 6-byte header, a 16-byte entry per image, then the PNGs (width/height 0 means 256).
/** The rendered PNG of one size (every size in icon-sizes.ts was rendered above). */
const pngOf = (size: number): Buffer => {
  const data = png.get(size);
  if (!data) throw new Error(`no ${size} px rendering`);
  return data;
};
const images = ICO_SIZES.map(pngOf);
const header = Buffer.alloc(6 + 16 * images.length);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(images.length, 4);
let offset = header.length;
ICO_SIZES.forEach((size, index) => {
  const entry = 6 + 16 * index;
  header.writeUInt8(size >= 256 ? 0 : size, entry);
  header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
  header.writeUInt16LE(1, entry + 4); // colour planes
  header.writeUInt16LE(32, entry + 6); // bits per pixel
  const image = pngOf(size);
  header.writeUInt32LE(image.length, entry + 8);
  header.writeUInt32LE(offset, entry + 12);
  offset += image.length;
});
writeFileSync('build/icon.ico', Buffer.concat([header, ...images]));

// ICNS: 'icns' and the total length, then per image its four-letter type, its length (with this
// 8-byte head) and the PNG.
const chunks = Object.entries(ICNS_TYPES).map(([type, size]) => {
  const head = Buffer.alloc(8);
  head.write(type, 0, 'ascii');
  head.writeUInt32BE(pngOf(size).length + 8, 4);
  return Buffer.concat([head, pngOf(size)]);
});
const body = Buffer.concat(chunks);
const icnsHead = Buffer.alloc(8);
icnsHead.write('icns', 0, 'ascii');
icnsHead.writeUInt32BE(body.length + 8, 4);
writeFileSync('build/icon.icns', Buffer.concat([icnsHead, body]));

console.log(`icons: ${PNG_SIZES.length} PNGs, icon.ico (${ICO_SIZES.join(', ')}), icon.icns (${Object.keys(ICNS_TYPES).join(', ')})`);
