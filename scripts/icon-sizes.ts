// The icon sizes each system needs; scripts/make-icons.ts makes them and a packaging test checks
// the committed files against this list.

/** Linux desktop entries and the window icon; 1024 feeds the macOS set. */
export const PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];

/** Windows: the taskbar and Explorer sizes, up to 256 (which Windows requires). */
export const ICO_SIZES = [16, 24, 32, 48, 64, 256];

/** macOS icon types holding PNG data, and the pixel size of each (the @2x types are Retina). */
export const ICNS_TYPES: Record<string, number> = {
  icp4: 16,
  icp5: 32,
  icp6: 64,
  ic07: 128,
  ic08: 256,
  ic09: 512,
  ic10: 1024,
  ic11: 32,
  ic12: 64,
  ic13: 256,
  ic14: 512,
};
