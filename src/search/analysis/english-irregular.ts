// Plurals the Porter stemmer cannot join with their singular (it only strips suffixes): the
// irregular plurals that occur in product names. Each is replaced by its singular before
// stemming, so "knives" meets "knife" and "mice" meets "mouse".

export const ENGLISH_IRREGULAR_PLURALS: ReadonlyMap<string, string> = new Map([
  ["knives", "knife"],
  ["wives", "wife"],
  ["lives", "life"],
  ["leaves", "leaf"],
  ["halves", "half"],
  ["shelves", "shelf"],
  ["wolves", "wolf"],
  ["scarves", "scarf"],
  ["calves", "calf"],
  ["loaves", "loaf"],
  ["thieves", "thief"],
  ["mice", "mouse"],
  ["men", "man"],
  ["women", "woman"],
  ["children", "child"],
  ["feet", "foot"],
  ["teeth", "tooth"],
  ["geese", "goose"],
]);
