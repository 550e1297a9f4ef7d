-- Rift
-- Once in the main game (and again in your final turn) split an island in two, leaving one ocean space between the parts.

card {
  name = "Rift",
  levels = { 2, 4 },
  stars = 4,
  text = "Once in the main game (and again in your final turn) split an island in two, leaving one ocean space between the parts.",
}
