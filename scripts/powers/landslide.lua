-- Landslide
-- Whenever a volcano is activated you may slide a tile next to it onto a lower neighbouring tile, crushing critters that cannot escape.

card {
  name = "Landslide",
  levels = { 2, 4 },
  stars = 2,
  text = "Whenever a volcano is activated you may slide a tile next to it onto a lower neighbouring tile, crushing critters that cannot escape.",
}
