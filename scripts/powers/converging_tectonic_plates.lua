-- Converging tectonic plates
-- Once in the main game (and again in your final turn) shift a whole island up to 2 spaces; it stops as soon as it touches another island.

card {
  name = "Converging tectonic plates",
  levels = { 2, 4 },
  stars = 3,
  text = "Once in the main game (and again in your final turn) shift a whole island up to 2 spaces; it stops as soon as it touches another island.",
}
