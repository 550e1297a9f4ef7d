-- How biomes join (RULINGS: Board and tiles).
return {
  cliffs_block_biomes = false, -- true: same-biome edges of neighbouring stacks of different heights do not join
}
