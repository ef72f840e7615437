// The demo catalog's pictures, drawn here: the sample catalog's image host does not exist, and
// a storefront of broken images (each a console error) hides what the demo shows. One small SVG
// per category, its colour from its name: no network, no binary in git.

/** `c<category id>.svg`: the only names served (anything else is a 404). */
export const DEMO_PICTURE_NAME = /^c[0-9]{1,9}\.svg$/;

// The demo catalog names them absolute (src/sample-catalog/demo.ts): a widget on a store's
// own origin resolves a root-relative URL against that origin, where they are not.

/** A hue from the name (FNV-1a), so neighbouring categories differ. */
function hue(name: string): number {
  let x = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) x = Math.imul(x ^ name.charCodeAt(i), 0x01000193);
  return (x >>> 0) % 360;
}

export function demoPictureSvg(name: string): string {
  const h = hue(name);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120"><rect width="120" height="120" fill="hsl(${h} 70% 92%)"/><rect x="30" y="38" width="60" height="50" rx="8" fill="hsl(${h} 55% 55%)"/><circle cx="60" cy="34" r="14" fill="none" stroke="hsl(${h} 55% 40%)" stroke-width="5"/></svg>`;
}
