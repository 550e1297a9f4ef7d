-- Herding critters
-- Moving a critter into a biome you control forms a herd: it moves as one onto uncontrolled biomes, collects 2 for its biome, and scores 1 point.

card {
  name = "Herding critters",
  levels = { 2, 4 },
  stars = 2,
  text = "Moving a critter into a biome you control forms a herd: it moves as one onto uncontrolled biomes, collects 2 for its biome, and scores 1 point.",
}
