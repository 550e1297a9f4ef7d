-- How lava behaves (RULINGS: Volcanoes and lava).
return {
  cools_in_place = true,       -- lava with no lower neighbour becomes a soil tile on its stack
}
