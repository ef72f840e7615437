// The demo catalog's pictures, drawn by the service itself (issue 24): the sample catalog's
// picture host does not exist, and a storefront full of broken images (one console error per
// product) is no model for a store. A picture is a few hundred bytes of SVG named by what it
// draws, never by text: a URL cannot make it show words.

/** `/demo-img/<hue>.svg` (a product: a tile of that hue) or `/demo-img/swatch-<rrggbb>.svg`. */
const NAME = /^(?:(\d{1,3})|swatch-([0-9a-f]{6}))\.svg$/;

/** The picture's path for a product: its hue from its source id, stable from run to run. */
export function demoPicturePath(sourceId: string): string {
  let hash = 0;
  for (let i = 0; i < sourceId.length; i++) hash = (hash * 31 + sourceId.charCodeAt(i)) >>> 0;
  return `/demo-img/${hash % 360}.svg`;
}

/** The swatch's path for a `#RRGGBB` colour. */
export const demoSwatchPath = (hex: string): string =>
  `/demo-img/swatch-${hex.slice(1).toLowerCase()}.svg`;

/** The SVG for a picture's file name, or null when it names none. */
export function demoPicture(name: string): string | null {
  const m = NAME.exec(name);
  if (m === null) return null;
  if (m[2] !== undefined)
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="24" height="24" rx="12" fill="#${m[2]}"/></svg>`;
  const hue = Number(m[1]);
  if (hue >= 360) return null;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160"><rect width="160" height="160" rx="16" fill="hsl(${hue} 60% 90%)"/><rect x="40" y="44" width="80" height="72" rx="10" fill="hsl(${hue} 45% 62%)"/><path d="M40 70h80" stroke="hsl(${hue} 45% 45%)" stroke-width="6"/><circle cx="80" cy="94" r="9" fill="hsl(${hue} 60% 90%)"/></svg>`;
}
