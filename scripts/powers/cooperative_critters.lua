-- Cooperative critters
-- Your critter may move onto another player's controlled biome of its tile: it wipes out their critter, or shares the biome if they cooperate too.

card {
  name = "Cooperative critters",
  levels = { 3, 3 },
  middle = true,
  stars = 2,
  text = "Your critter may move onto another player's controlled biome of its tile: it wipes out their critter, or shares the biome if they cooperate too.",
}
