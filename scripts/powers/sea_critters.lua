-- Sea critters
-- Once per turn place a critter in the ocean, move a sea critter to another ocean space, or bring it ashore onto an uncontrolled biome.

card {
  name = "Sea critters",
  levels = { 2, 4 },
  stars = 1,
  text = "Once per turn place a critter in the ocean, move a sea critter to another ocean space, or bring it ashore onto an uncontrolled biome.",
}
