-- Pack critters
-- Move a critter into a biome you control to form a pack; a pack moves as one onto any connecting biome, wiping out smaller opposition.

card {
  name = "Pack critters",
  levels = { 2, 4 },
  stars = 2,
  text = "Move a critter into a biome you control to form a pack; a pack moves as one onto any connecting biome, wiping out smaller opposition.",
}
