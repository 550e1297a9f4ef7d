-- Tile types. Edges are listed clockwise from the east edge (see docs/rules.md,
-- "Hex directions"). An Uno has one biome on all six edges, a Duo two biomes on
-- three consecutive edges each, a Trio three biomes on two consecutive edges
-- each, in one of two mirror-image orders. Volcano and soil carry no biome.
return {
  { name = "uno_dark",   class = "uno", edges = { "dark", "dark", "dark", "dark", "dark", "dark" } },
  { name = "uno_medium", class = "uno", edges = { "medium", "medium", "medium", "medium", "medium", "medium" } },
  { name = "uno_light",  class = "uno", edges = { "light", "light", "light", "light", "light", "light" } },

  { name = "duo_dark_medium",  class = "duo", edges = { "dark", "dark", "dark", "medium", "medium", "medium" } },
  { name = "duo_dark_light",   class = "duo", edges = { "dark", "dark", "dark", "light", "light", "light" } },
  { name = "duo_medium_light", class = "duo", edges = { "medium", "medium", "medium", "light", "light", "light" } },

  { name = "trio_dml", class = "trio", edges = { "dark", "dark", "medium", "medium", "light", "light" } },
  { name = "trio_dlm", class = "trio", edges = { "dark", "dark", "light", "light", "medium", "medium" } },

  { name = "volcano", class = "volcano" },
  { name = "soil",    class = "soil" },
}
