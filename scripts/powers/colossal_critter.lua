-- Colossal critter
-- In your claim step a critter may be upgraded for 4 resources to a 2-hit-point Colossal critter worth 4 points.

card {
  name = "Colossal critter",
  levels = { 1, 3 },
  stars = 3,
  text = "In your claim step a critter may be upgraded for 4 resources to a 2-hit-point Colossal critter worth 4 points.",
}
