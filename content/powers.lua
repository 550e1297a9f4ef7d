-- The power cards: name, the grid levels a card may be dealt to, and the stars
-- it scores when kept as a Caldera card. Level ranges come from the rulebook and
-- RULINGS; stars follow the designer's curve (0, 1, 2, 3, 4 stars in the
-- proportions 2:4:6:4:2) spread over the 25 cards.
return {
  { name = "Agile critters",              levels = { 2, 3 }, stars = 2 },
  { name = "Bountiful resources",         levels = { 1, 2 }, stars = 1 },
  { name = "Burrowing critters",          levels = { 1, 3 }, stars = 2 },
  { name = "Colossal critter",            levels = { 1, 3 }, stars = 3 },
  { name = "Converging tectonic plates",  levels = { 2, 4 }, stars = 3 },
  { name = "Cooperative critters",        levels = { 3, 3 }, middle = true, stars = 2 },
  { name = "Crafty critters",             levels = { 2, 4 }, stars = 1 },
  { name = "Erosion",                     levels = { 2, 4 }, stars = 1 },
  { name = "Exalted sacrifices",          levels = { 1, 2 }, stars = 0 },
  { name = "Flying critters",             levels = { 2, 4 }, stars = 2 },
  { name = "Frugal ritual",               levels = { 2, 4 }, stars = 1 },
  { name = "Herding critters",            levels = { 2, 4 }, stars = 2 },
  { name = "Island forger",               levels = { 3, 4 }, stars = 3 },
  { name = "Landslide",                   levels = { 2, 4 }, stars = 2 },
  { name = "Lateral eruption",            levels = { 2, 4 }, stars = 3 },
  { name = "Lava diversion",              levels = { 1, 3 }, stars = 1 },
  { name = "Magma bomb",                  levels = { 1, 3 }, stars = 2 },
  { name = "Magma siphon",                levels = { 1, 3 }, stars = 0 },
  { name = "Pack critters",               levels = { 2, 4 }, stars = 2 },
  { name = "Rift",                        levels = { 2, 4 }, stars = 4 },
  { name = "Sea critters",                levels = { 2, 4 }, stars = 1 },
  { name = "Sleight of land",             levels = { 1, 3 }, stars = 0 },
  { name = "Super volcanic eruption",     levels = { 5, 5 }, stars = 4 },
  { name = "Volcanic migration",          levels = { 3, 4 }, stars = 3 },
  { name = "Volcanic winter",             levels = { 5, 5 }, stars = 4 },
}
