-- Volcanic migration
-- Your critters on a tile an opponent targets with a volcano may migrate to their connected biome for 3 resources each.

card {
  name = "Volcanic migration",
  levels = { 3, 4 },
  stars = 3,
  text = "Your critters on a tile an opponent targets with a volcano may migrate to their connected biome for 3 resources each.",
}
